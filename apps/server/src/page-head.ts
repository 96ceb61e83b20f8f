/** What the server puts into index.html's <head> for one public URL, and the status to serve it with. */
export interface PageHead {
  status: number
  title: string
  description: string
  /** Extra tags (canonical, Open Graph, JSON-LD…), already escaped. */
  extraTags: string[]
  /** Only for the signed-in owner (a draft preview): never stored by a shared cache, never indexed. */
  private?: boolean
}

export const SITE_NAME = 'Wayfarer'
export const DEFAULT_TITLE = 'Wayfarer — Travel Blog'
export const DEFAULT_DESCRIPTION =
  'Join our adventures around the world and discover hidden gems, amazing destinations and practical travel tips.'

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export function renderHead(head: PageHead): string {
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    ...head.extraTags,
  ].join('\n    ')
}
