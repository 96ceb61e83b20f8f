import { cleanText } from '../input-policy'
import type { ImportedAuthor, ImportedPost, ImportedTerm } from './model'

/**
 * Imported text passes the same input policy as typed text (`cleanText`): what a form would refuse — control
 * characters, a lone surrogate — is removed rather than stored, where it would make the RSS feed and the sitemap
 * malformed XML (or, a NUL, make the database refuse the story).
 */
type Cleaner = <T extends string | null>(value: T, field: string) => T

function cleaner(): { clean: Cleaner; fields: Set<string> } {
  const fields = new Set<string>()
  const clean: Cleaner = (value, field) => {
    if (value === null) return value
    const result = cleanText(value)
    if (result.changed) fields.add(field)
    return result.value as typeof value
  }
  return { clean, fields }
}

/** The story with every text field cleaned, and a note naming the fields that were (or null). */
export function cleanImportedPost(post: ImportedPost): { post: ImportedPost; note: string | null } {
  const { clean, fields } = cleaner()
  const cleaned: ImportedPost = {
    ...post,
    title: clean(post.title, 'title'),
    slug: clean(post.slug, 'slug'),
    html: clean(post.html, 'content'),
    excerpt: clean(post.excerpt, 'excerpt'),
    featuredImage: clean(post.featuredImage, 'featured image'),
    featuredImageAlt: clean(post.featuredImageAlt, 'featured image alt text'),
    metaTitle: clean(post.metaTitle, 'meta title'),
    metaDescription: clean(post.metaDescription, 'meta description'),
    oldPaths: post.oldPaths.map((p) => clean(p, 'old address')),
    comments: post.comments.map((c) => ({
      ...c,
      authorName: clean(c.authorName, 'comments'),
      authorEmail: clean(c.authorEmail, 'comments'),
      authorWebsite: clean(c.authorWebsite, 'comments'),
      content: clean(c.content, 'comments'),
    })),
  }
  const note = fields.size
    ? `control characters or broken characters were removed from its ${[...fields].join(', ')}`
    : null
  return { post: cleaned, note }
}

export function cleanImportedTerm(term: ImportedTerm): ImportedTerm {
  const { clean } = cleaner()
  return { slug: clean(term.slug, ''), name: clean(term.name, ''), description: clean(term.description, '') }
}

export function cleanImportedAuthor(author: ImportedAuthor): ImportedAuthor {
  const { clean } = cleaner()
  return {
    key: author.key,
    email: clean(author.email, ''),
    firstName: clean(author.firstName, ''),
    lastName: clean(author.lastName, ''),
  }
}
