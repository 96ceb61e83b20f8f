import { slugify } from '../../slug'
import { oldPathOf } from '../../redirects/redirect-path'
import type { CommentStatus } from '../../comments/schema'
import { parseOldDate } from '../dates'
import { replaceIframes } from '../embeds'
import type { ImportedComment, ImportedPost, SkippedItem, UnreadablePost } from '../model'
import { decodeEntities, excerptFromContent, htmlToText } from '../../posts/story-text'
import { autop } from './autop'
import { autoEmbed, renderShortcodes, type AttachmentInfo } from './shortcodes'
import { child, childText, childrenNamed, type XmlNode } from './xml-stream'

export interface WxrContext {
  siteUrl: string
  siteTitle: string
  attachments: Map<string, AttachmentInfo>
  /** Logins of the authors the export lists. */
  authors: Set<string>
}

const STATUS: Record<string, ImportedPost['status']> = {
  publish: 'published',
  future: 'scheduled',
  draft: 'draft',
  pending: 'draft',
  private: 'draft',
  'auto-draft': 'draft',
}
const COMMENT_STATUS: Record<string, CommentStatus> = {
  '1': 'approved',
  '0': 'pending',
  spam: 'spam',
  trash: 'denied',
  'post-trashed': 'denied',
}

/** Classic and block-editor content as Wayfarer HTML (sanitised later, by the writer). */
export function wordpressHtml(
  raw: string,
  context: { attachments: Map<string, AttachmentInfo>; postId: string },
): string {
  const withoutBlocks = raw.replace(/<!--\s*\/?wp:[\s\S]*?-->/g, '')
  return autop(replaceIframes(autoEmbed(renderShortcodes(withoutBlocks, context))))
}

// Yoast's snippet variables: the common ones filled in, the rest dropped.
function yoastTitle(template: string, title: string, siteTitle: string): string | null {
  const filled = template
    .replace(/%%title%%/g, title)
    .replace(/%%sitename%%/g, siteTitle)
    .replace(/%%sep%%/g, '–')
    .replace(/%%[a-z_]+%%/gi, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s–-]+|[\s–-]+$/g, '')
  return filled ? filled.slice(0, 200) : null
}

function comments(item: XmlNode, skipped: SkippedItem[]): ImportedComment[] {
  const all = childrenNamed(item, 'wp:comment')
  const authorOf = new Map(
    all.map((c) => [childText(c, 'wp:comment_id'), decodeEntities(childText(c, 'wp:comment_author'))]),
  )
  const out: ImportedComment[] = []
  for (const c of all) {
    const id = childText(c, 'wp:comment_id')
    const type = childText(c, 'wp:comment_type')
    if (type && type !== 'comment') {
      skipped.push({ ref: `comment ${id}`, reason: `${type}s are not imported` })
      continue
    }
    const parent = childText(c, 'wp:comment_parent')
    const parentAuthor = parent && parent !== '0' ? authorOf.get(parent) : undefined
    const text = htmlToText(child(c, 'wp:comment_content')?.text ?? '')
    const website = childText(c, 'wp:comment_author_url')
    out.push({
      externalId: id,
      authorName: (decodeEntities(childText(c, 'wp:comment_author')) || 'Anonymous').slice(0, 100),
      authorEmail: childText(c, 'wp:comment_author_email').toLowerCase().slice(0, 254),
      authorWebsite: /^https?:\/\/\S+$/i.test(website) ? website.slice(0, 500) : null,
      content: parentAuthor !== undefined ? `Replying to ${parentAuthor || 'Anonymous'}:\n${text}` : text,
      status: COMMENT_STATUS[childText(c, 'wp:comment_approved')] ?? 'pending',
      createdAt:
        parseOldDate(childText(c, 'wp:comment_date_gmt')) ??
        parseOldDate(childText(c, 'wp:comment_date')) ??
        new Date(),
    })
  }
  return out
}

/** One WXR <item> of type post (or page) as a Wayfarer story. */
export function mapWxrPost(item: XmlNode, context: WxrContext): ImportedPost | UnreadablePost {
  const id = childText(item, 'wp:post_id')
  const title = decodeEntities(childText(item, 'title')).slice(0, 200)
  const wpStatus = childText(item, 'wp:status')
  if (wpStatus === 'trash') return { externalId: id, title, error: 'in the trash on the old site' }
  let status = STATUS[wpStatus]
  if (!status) return { externalId: id, title, error: `unknown status "${wpStatus}"` }
  const notes: string[] = []
  if (wpStatus === 'private') notes.push('private on the old site: imported as a draft')
  if (wpStatus === 'pending') notes.push('pending review on the old site: imported as a draft')
  // Only readers with the password saw it there; this site has no such thing, so it is the owner's to decide.
  if (childText(item, 'wp:post_password') && status !== 'draft') {
    status = 'draft'
    notes.push('password-protected on the old site: imported as a draft (the password is not imported)')
  }

  const meta = new Map(
    childrenNamed(item, 'wp:postmeta').map((m) => [childText(m, 'wp:meta_key'), child(m, 'wp:meta_value')?.text ?? '']),
  )
  const raw = child(item, 'content:encoded')?.text ?? ''
  const html = wordpressHtml(raw, { attachments: context.attachments, postId: id })

  const gmt = parseOldDate(childText(item, 'wp:post_date_gmt'))
  const local = gmt ? null : parseOldDate(childText(item, 'wp:post_date'))
  const pub = gmt || local ? null : parseOldDate(childText(item, 'pubDate'))
  let date = gmt ?? local ?? pub
  if (local) notes.push('no UTC date in the export: the local date was taken as UTC')
  if (!date) {
    const shown = childText(item, 'wp:post_date') || childText(item, 'pubDate')
    if (status !== 'draft' || shown)
      notes.push(
        shown
          ? `date "${shown.slice(0, 40)}" not understood: the import time was used`
          : 'no date: the import time was used',
      )
    date = new Date()
  }
  const modified = parseOldDate(childText(item, 'wp:post_modified_gmt')) ?? date

  const categories = childrenNamed(item, 'category')
    .filter((c) => c.attrs.domain === 'category')
    .map((c) => slugify(safeDecode(c.attrs.nicename ?? '')) || slugify(c.text))
  const [categorySlug, ...otherCategories] = categories.filter((s) => s && s !== 'uncategorized')
  if (otherCategories.length) notes.push(`more than one category: ${otherCategories.join(', ')} became tags`)
  const tagSlugs = [
    ...new Set([
      ...childrenNamed(item, 'category')
        .filter((c) => c.attrs.domain === 'post_tag')
        .map((c) => slugify(safeDecode(c.attrs.nicename ?? '')) || slugify(c.text)),
      ...otherCategories,
    ]),
  ].filter(Boolean)

  const creator = childText(item, 'dc:creator')
  if (!creator || !context.authors.has(creator))
    notes.push(creator ? `author "${creator}" is not in the export: assigned to you` : 'no author: assigned to you')

  const thumbnailId = meta.get('_thumbnail_id')?.trim()
  const thumbnail = thumbnailId ? context.attachments.get(thumbnailId) : undefined
  if (thumbnailId && !thumbnail) notes.push(`featured image ${thumbnailId} is not in the export`)

  const yoastTitleTemplate = meta.get('_yoast_wpseo_title')?.trim()
  const metaDescription = htmlToText(meta.get('_yoast_wpseo_metadesc') ?? '').slice(0, 500) || null
  const excerpt = htmlToText(child(item, 'excerpt:encoded')?.text ?? '').slice(0, 1000) || excerptFromContent(html)

  const skippedComments: SkippedItem[] = []
  const oldPaths =
    status === 'draft'
      ? []
      : [oldPathOf(childText(item, 'link'), context.siteUrl), id ? `/?p=${id}` : null].filter(
          (p): p is string => p !== null && p !== '/',
        )
  const post: ImportedPost = {
    externalId: id,
    title: title || 'Untitled',
    slug: slugify(safeDecode(childText(item, 'wp:post_name'))) || slugify(title) || `post-${id}`,
    status,
    html,
    excerpt,
    publishedAt: status === 'draft' ? null : date,
    createdAt: date,
    updatedAt: modified,
    categorySlug: categorySlug ?? null,
    tagSlugs,
    authorKey: creator && context.authors.has(creator) ? creator : null,
    featuredImage: thumbnail?.url || null,
    featuredImageAlt: thumbnail ? thumbnail.alt.slice(0, 300) || null : null,
    metaTitle: yoastTitleTemplate ? yoastTitle(yoastTitleTemplate, title, context.siteTitle) : null,
    metaDescription,
    comments: comments(item, skippedComments),
    oldPaths: [...new Set(oldPaths)],
    notes,
    skippedComments,
  }
  if (!title) notes.push('no title: imported as "Untitled"')
  return post
}

const safeDecode = (text: string): string => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
