import { z } from 'zod'
import { slugify } from '../../slug'
import { parseOldDate } from '../dates'
import { replaceIframes } from '../embeds'
import { ImportFileError } from '../errors'
import type { ImportedAuthor, ImportedPost, ImportedTerm, ImportReader, UnreadablePost } from '../model'
import { PAGES_NOT_ASKED } from '../model'
import { excerptFromContent, htmlToText } from '../../posts/story-text'
import { renderLexical } from './lexical'
import { readGhostTables } from './ghost-file'

const id = z.union([z.string(), z.number()]).transform(String)
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '')
const date = z.union([z.string(), z.number()]).nullish()

const ghostPost = z.object({
  id,
  title: text,
  slug: text,
  html: z.string().nullish(),
  lexical: z.string().nullish(),
  mobiledoc: z.string().nullish(),
  feature_image: z.string().nullish(),
  type: z.string().nullish(),
  page: z.union([z.boolean(), z.number()]).nullish(),
  status: text,
  /** Who could read it: public, members, paid, tiers (or a filter); missing in exports before Ghost 2. */
  visibility: z.string().nullish(),
  created_at: date,
  updated_at: date,
  published_at: date,
  custom_excerpt: z.string().nullish(),
  meta_title: z.string().nullish(),
  meta_description: z.string().nullish(),
  author_id: id.nullish(),
})
type GhostPost = z.infer<typeof ghostPost>

const ghostData = z.object({
  posts: z.array(ghostPost),
  tags: z
    .array(z.object({ id, name: text, slug: text, description: text, visibility: z.string().nullish() }))
    .default([]),
  posts_tags: z.array(z.object({ post_id: id, tag_id: id, sort_order: z.number().nullish() })).default([]),
  users: z.array(z.object({ id, name: text, email: text, slug: text })).default([]),
  posts_authors: z.array(z.object({ post_id: id, author_id: id, sort_order: z.number().nullish() })).default([]),
  posts_meta: z
    .array(
      z.object({
        post_id: id,
        feature_image_alt: z.string().nullish(),
        meta_title: z.string().nullish(),
        meta_description: z.string().nullish(),
      }),
    )
    .default([]),
})
type GhostData = z.infer<typeof ghostData>

const STATUS: Record<string, ImportedPost['status']> = {
  published: 'published',
  draft: 'draft',
  scheduled: 'scheduled',
  sent: 'draft',
}

export interface GhostOptions {
  siteUrl?: string | undefined
  includePages?: boolean | undefined
}

/** A Ghost JSON export (Settings → Labs → Export), with or without the {db:[…]} wrapper. */
export async function readGhost(file: string, options: GhostOptions = {}): Promise<ImportReader> {
  const siteUrl = (options.siteUrl ?? '').replace(/\/+$/, '')
  const parsed = ghostData.safeParse(await readGhostTables(file, siteUrl))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ImportFileError(
      `This is not a Ghost export${issue ? ` (${issue.path.join('.') || 'top level'}: ${issue.message})` : ''}.`,
    )
  }
  return ghostReader(parsed.data, siteUrl, options.includePages ?? false)
}

const ghostAudience = (visibility: string): string =>
  ({ members: 'members', paid: 'paying members', tiers: 'members of some tiers' })[visibility] ??
  `the readers of “${visibility.slice(0, 60)}”`

function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/)
  return parts.length > 1
    ? { firstName: parts.slice(0, -1).join(' '), lastName: parts.at(-1)! }
    : { firstName: parts[0] ?? '', lastName: '' }
}

function ghostReader(data: GhostData, siteUrl: string, includePages: boolean): ImportReader {
  const publicTags = new Map(
    data.tags.filter((t) => t.visibility !== 'internal' && !t.name.startsWith('#')).map((t) => [t.id, t]),
  )
  const tags: ImportedTerm[] = [...publicTags.values()]
    .map((t) => ({ slug: slugify(t.slug) || slugify(t.name), name: t.name.slice(0, 100), description: t.description }))
    .filter((t) => t.slug)
  const tagSlug = new Map([...publicTags.values()].map((t) => [t.id, slugify(t.slug) || slugify(t.name)]))
  const authors: ImportedAuthor[] = data.users
    .filter((u) => u.email)
    .map((u) => ({ key: u.id, email: u.email.toLowerCase(), ...splitName(u.name) }))
  const authorIds = new Set(authors.map((a) => a.key))
  const meta = new Map(data.posts_meta.map((m) => [m.post_id, m]))
  const bySortOrder = <T extends { sort_order?: number | null | undefined }>(a: T, b: T) =>
    (a.sort_order ?? 0) - (b.sort_order ?? 0)
  const postTags = new Map<string, string[]>()
  for (const pt of [...data.posts_tags].sort(bySortOrder)) {
    const slug = tagSlug.get(pt.tag_id)
    if (slug) postTags.set(pt.post_id, [...(postTags.get(pt.post_id) ?? []), slug])
  }
  const postAuthor = new Map<string, string>()
  for (const pa of [...data.posts_authors].sort(bySortOrder))
    if (!postAuthor.has(pa.post_id)) postAuthor.set(pa.post_id, pa.author_id)

  const isPage = (p: GhostPost) => p.type === 'page' || p.page === true || p.page === 1
  const stories = data.posts.filter((p) => !isPage(p) || includePages)
  const pagesLeftOut = data.posts.length - stories.length
  const skipped = new Map(pagesLeftOut ? [[PAGES_NOT_ASKED, pagesLeftOut]] : [])

  const map = (p: GhostPost): ImportedPost | UnreadablePost => {
    let status = STATUS[p.status]
    if (!status) return { externalId: p.id, title: p.title, error: `unknown status "${p.status}"` }
    const notes: string[] = []
    if (p.status === 'sent') notes.push('sent as a newsletter only: imported as a draft')
    // Members-only, paid or tier posts were not for everyone; this site has no members, so they wait as drafts.
    if (p.visibility && p.visibility !== 'public' && status !== 'draft') {
      status = 'draft'
      notes.push(`only for ${ghostAudience(p.visibility)} on the old site: imported as a draft`)
    }
    let html = p.html ?? ''
    if (!html && p.lexical) {
      const unknown = new Set<string>()
      try {
        html = renderLexical(p.lexical, unknown)
      } catch {
        return { externalId: p.id, title: p.title, error: 'its Lexical content is not valid JSON' }
      }
      if (unknown.size) notes.push(`cards left out: ${[...unknown].join(', ')}`)
    } else if (!html && p.mobiledoc)
      notes.push('only Mobiledoc content (Ghost before 5.0): re-export from a newer Ghost to bring the text')
    html = replaceIframes(html)
    const created = parseOldDate(p.created_at) ?? new Date()
    const published = parseOldDate(p.published_at)
    if (status !== 'draft' && !published) notes.push('no publication date: the creation date was used')
    const author = postAuthor.get(p.id) ?? p.author_id ?? null
    if (!author || !authorIds.has(author)) notes.push('no author in the export: assigned to you')
    const m = meta.get(p.id)
    const slug = slugify(p.slug) || slugify(p.title) || `post-${p.id}`
    return {
      externalId: p.id,
      title: p.title.slice(0, 200) || 'Untitled',
      slug,
      status,
      html,
      excerpt: htmlToText(p.custom_excerpt ?? '').slice(0, 1000) || excerptFromContent(html),
      publishedAt: status === 'draft' ? null : (published ?? created),
      createdAt: created,
      updatedAt: parseOldDate(p.updated_at) ?? created,
      categorySlug: null,
      tagSlugs: postTags.get(p.id) ?? [],
      authorKey: author && authorIds.has(author) ? author : null,
      featuredImage: p.feature_image || null,
      featuredImageAlt: m?.feature_image_alt?.slice(0, 300) || null,
      metaTitle: (m?.meta_title ?? p.meta_title)?.slice(0, 200) || null,
      metaDescription: (m?.meta_description ?? p.meta_description)?.slice(0, 500) || null,
      comments: [],
      skippedComments: [],
      // Ghost's default permalink is /{slug}/.
      oldPaths: status === 'draft' || !p.slug ? [] : [`/${p.slug}`],
      notes,
    }
  }

  return {
    source: { format: 'ghost', siteUrl, title: '' },
    categories: [],
    tags,
    authors,
    skipped,
    repairs: { list: [], more: 0 },
    postCount: stories.length,
    imageHosts: URL.canParse(siteUrl) ? [new URL(siteUrl).host.toLowerCase()] : [],
    async eachPost(handle) {
      for (const p of stories) await handle(map(p))
    },
  }
}
