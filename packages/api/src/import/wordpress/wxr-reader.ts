import { slugify } from '../../slug'
import { ImportFileError } from '../errors'
import type { ImportedAuthor, ImportedTerm, ImportReader } from '../model'
import { PAGES_NOT_ASKED } from '../model'
import { child, childText, childrenNamed, streamWxr, type XmlNode } from './xml-stream'
import { RepairLog } from './wxr-repair'
import type { AttachmentInfo } from './shortcodes'
import { mapWxrPost } from './wxr-post'

export interface WxrOptions {
  /** The old site's address; defaults to the file's wp:base_site_url. */
  siteUrl?: string | undefined
  /** Import pages as stories too (they are skipped by default). */
  includePages?: boolean | undefined
}

const metaOf = (item: XmlNode): Map<string, string> =>
  new Map(
    childrenNamed(item, 'wp:postmeta').map((m) => [childText(m, 'wp:meta_key'), child(m, 'wp:meta_value')?.text ?? '']),
  )

const decodeSlug = (slug: string): string => {
  try {
    return decodeURIComponent(slug)
  } catch {
    return slug
  }
}

/**
 * Reads a WordPress export in two passes over the file: the first learns the site, authors, terms and
 * attachments (and checks the whole file is well-formed before anything is written); the second hands the
 * stories over one at a time.
 */
export async function readWxr(file: string, options: WxrOptions = {}): Promise<ImportReader> {
  const channel = new Map<string, string>()
  const authors: ImportedAuthor[] = []
  const categories = new Map<string, ImportedTerm>()
  const tags = new Map<string, ImportedTerm>()
  const attachments = new Map<string, AttachmentInfo>()
  const skipped = new Map<string, number>()
  const repairs = new RepairLog()
  const postTypes = new Set(['post', ...(options.includePages ? ['page'] : [])])
  let postCount = 0

  const addTerm = (map: Map<string, ImportedTerm>, slug: string, name: string, description = '') => {
    const clean = slugify(decodeSlug(slug)) || slugify(name)
    if (clean && name && !map.has(clean)) map.set(clean, { slug: clean, name: name.slice(0, 100), description })
  }

  await streamWxr(
    file,
    {
      channel: (name, text) => channel.set(name, text),
      record(node) {
        switch (node.name) {
          case 'wp:author':
            authors.push({
              key: childText(node, 'wp:author_login'),
              email: childText(node, 'wp:author_email').toLowerCase(),
              firstName: childText(node, 'wp:author_first_name') || childText(node, 'wp:author_display_name'),
              lastName: childText(node, 'wp:author_last_name'),
            })
            return
          case 'wp:category':
            return addTerm(
              categories,
              childText(node, 'wp:category_nicename'),
              childText(node, 'wp:cat_name'),
              childText(node, 'wp:category_description'),
            )
          case 'wp:tag':
            return addTerm(
              tags,
              childText(node, 'wp:tag_slug'),
              childText(node, 'wp:tag_name'),
              childText(node, 'wp:tag_description'),
            )
          case 'item': {
            const type = childText(node, 'wp:post_type') || 'post'
            const id = childText(node, 'wp:post_id')
            if (type === 'attachment') {
              const meta = metaOf(node)
              attachments.set(id, {
                url: childText(node, 'wp:attachment_url') || childText(node, 'guid'),
                alt: (meta.get('_wp_attachment_image_alt') ?? '').trim() || childText(node, 'title'),
                caption: childText(node, 'excerpt:encoded'),
                parentId: childText(node, 'wp:post_parent'),
              })
              return
            }
            if (!postTypes.has(type)) {
              const reason = type === 'page' ? PAGES_NOT_ASKED : `"${type.slice(0, 60)}" entries are not stories`
              skipped.set(reason, (skipped.get(reason) ?? 0) + 1)
              return
            }
            postCount++
            // Terms used by posts but missing from the channel's lists (some exporters leave them out).
            for (const term of childrenNamed(node, 'category')) {
              if (term.attrs.domain === 'category') addTerm(categories, term.attrs.nicename ?? '', term.text.trim())
              if (term.attrs.domain === 'post_tag') addTerm(tags, term.attrs.nicename ?? '', term.text.trim())
            }
          }
        }
      },
    },
    repairs,
  )

  const version = channel.get('wp:wxr_version')
  if (!version)
    throw new ImportFileError(
      'This RSS file is not a WordPress export: it has no wp:wxr_version. Export it from WordPress with Tools → Export.',
    )
  const siteUrl = (
    options.siteUrl ||
    channel.get('wp:base_blog_url') ||
    channel.get('wp:base_site_url') ||
    channel.get('link') ||
    ''
  ).replace(/\/+$/, '')
  // WordPress's default category means "none" here.
  categories.delete('uncategorized')
  const context = {
    siteUrl,
    siteTitle: channel.get('title') ?? '',
    attachments,
    authors: new Set(authors.map((a) => a.key)),
  }

  return {
    source: { format: 'wordpress', siteUrl, title: context.siteTitle },
    categories: [...categories.values()],
    tags: [...tags.values()],
    authors,
    skipped,
    repairs: { list: repairs.list(), more: repairs.more },
    postCount,
    imageHosts: hostsOf([siteUrl, ...[...attachments.values()].map((a) => a.url)]),
    eachPost: (handle) =>
      streamWxr(file, {
        channel: () => {},
        record: (node) =>
          node.name === 'item' && postTypes.has(childText(node, 'wp:post_type') || 'post')
            ? handle(mapWxrPost(node, context))
            : undefined,
      }),
  }
}

const hostsOf = (urls: string[]): string[] => [
  ...new Set(urls.filter((u) => URL.canParse(u)).map((u) => new URL(u).host.toLowerCase())),
]
