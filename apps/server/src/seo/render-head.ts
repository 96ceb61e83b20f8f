import { INITIAL_DATA_ELEMENT_ID, type InitialQuery } from '@wayfarer/api/schemas'

/** What the server puts into index.html's <head> for one public URL, and the status to serve it with. */
export interface PageHead {
  status: number
  title: string
  description: string
  /** Extra tags (canonical, Open Graph, JSON-LD…), already escaped. */
  extraTags: string[]
  /** Only for the signed-in owner (a draft preview): never stored by a shared cache, never indexed. */
  private?: boolean
  /** The page's first query answers, for the web app's cache (see `InitialQuery`). */
  initialData?: InitialQuery[]
  /** The page's language (the html element's lang), from the site settings. */
  lang?: string
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
    ...(head.initialData?.length ? [initialDataBlock(head.initialData)] : []),
  ].join('\n    ')
}

/** A JSON data block; `<` is escaped so no text inside can close the element. */
const initialDataBlock = (queries: InitialQuery[]): string =>
  `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${JSON.stringify(queries).replace(/</g, '\\u003c')}</script>`
