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

/**
 * What a reader with JavaScript off sees instead of a blank page: the page's title and description, a story's own
 * text (stored sanitised), and the ways in that need no script (the feed, the sitemap). Browsers that run scripts
 * do not build what is inside <noscript>.
 */
export function renderNoscript(head: PageHead): string {
  const story = head.initialData?.find((q) => q.procedure === 'posts.story')?.data as { content?: unknown } | undefined
  // With scripts on, <noscript> is raw text that ends at the first "</noscript": one inside an attribute value of
  // the story (sanitised HTML escapes it nowhere else) would end it early and let the rest be read as markup.
  const content = typeof story?.content === 'string' ? story.content.replace(/<\/noscript/gi, '&lt;/noscript') : ''
  const body = content ? `<div class="story-body mt-6">${content}</div>` : ''
  return [
    '<noscript><main class="mx-auto max-w-3xl px-4 py-10">',
    `<h1 class="text-3xl font-bold">${escapeHtml(head.title)}</h1>`,
    `<p class="mt-4 text-gray-700">${escapeHtml(head.description)}</p>`,
    body,
    '<p class="mt-8 text-gray-700">This site works best with JavaScript on. Without it, every story is in the ',
    '<a class="text-teal-700 underline" href="/rss.xml">feed</a> and listed in the ',
    '<a class="text-teal-700 underline" href="/sitemap.xml">sitemap</a>.</p>',
    '</main></noscript>',
  ].join('')
}
