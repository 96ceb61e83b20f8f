import type { CommentStatus } from '../comments/schema'

/** Which kind of site an import reads. */
export type ImportFormat = 'wordpress' | 'ghost'

/** The old site: its address (for old links and redirects) and the key its import records are filed under. */
export interface ImportSource {
  format: ImportFormat
  /** e.g. https://old.example (no trailing slash); '' when unknown. */
  siteUrl: string
  title: string
}

export interface ImportedTerm {
  slug: string
  name: string
  description: string
}

export interface ImportedAuthor {
  /** How posts refer to the author (WordPress login, Ghost user id). */
  key: string
  email: string
  firstName: string
  lastName: string
}

export interface ImportedComment {
  externalId: string
  authorName: string
  authorEmail: string
  authorWebsite: string | null
  /** Plain text. */
  content: string
  status: CommentStatus
  createdAt: Date
}

/** One story of the old site, already converted to Wayfarer's fields (HTML not yet sanitised). */
export interface ImportedPost {
  externalId: string
  title: string
  /** The slug the old site used (a fresh one is picked when it is taken). */
  slug: string
  status: 'draft' | 'published' | 'scheduled'
  html: string
  excerpt: string
  publishedAt: Date | null
  createdAt: Date
  updatedAt: Date
  categorySlug: string | null
  tagSlugs: string[]
  authorKey: string | null
  featuredImage: string | null
  featuredImageAlt: string | null
  metaTitle: string | null
  metaDescription: string | null
  comments: ImportedComment[]
  /** Comments of the old site that are not imported (pingbacks, trackbacks). */
  skippedComments: SkippedItem[]
  /** Site-relative old addresses of the story (permalink, ?p=id, /slug/) to answer with 301. */
  oldPaths: string[]
  /** Things the reader noticed (odd date, private post imported as draft…), reported with the item. */
  notes: string[]
}

/** A story the reader could not convert at all; reported and skipped. */
export interface UnreadablePost {
  externalId: string
  title: string
  error: string
}

export interface SkippedItem {
  ref: string
  reason: string
}

/** A repair made to read the file (a bare "&", control characters, bytes that are not UTF-8), by line. */
export interface FileRepair {
  line: number
  message: string
}

/** What a reader makes of an export file, ready for the writer. */
export interface ImportReader {
  source: ImportSource
  categories: ImportedTerm[]
  tags: ImportedTerm[]
  authors: ImportedAuthor[]
  /** Entries of the file that are not stories (pages, attachments, menus…): how many, by why they are skipped. */
  skipped: Map<string, number>
  /** What was repaired to read the file (the first 500 lines; `more` counts the rest). */
  repairs: { list: FileRepair[]; more: number }
  postCount: number
  /** Hosts whose images belong to the old site (its own, and where its uploads live): those are copied. */
  imageHosts: string[]
  /** Hands over the stories one at a time, read again from the file (memory stays flat on big files). */
  eachPost(handle: (post: ImportedPost | UnreadablePost) => Promise<void>): Promise<void>
}

/** Why a page is left out: the screen's checkbox and the CLI's flag both ask for pages. */
export const PAGES_NOT_ASKED = 'pages are not imported unless asked (“Import pages as stories too”, or --include-pages)'

export const isUnreadable = (p: ImportedPost | UnreadablePost): p is UnreadablePost => 'error' in p
