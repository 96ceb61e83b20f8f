/**
 * What a Wayfarer archive holds, table by table. Rows travel with every column the table has (so columns added
 * later, such as a post's coordinates, come along without changes here); `key` is how an import recognises a
 * row that is already there, `refs` which columns point at rows of other tables (renumbered on a merge).
 * A new table joins the archive with one line here.
 */
export interface ArchiveTable {
  table: string
  /** Columns that identify a row; further unique columns in `alsoUnique` (a match on any is the same row). */
  key: string[]
  alsoUnique?: string[][]
  refs?: Record<string, string | ((row: Record<string, unknown>) => string | null)>
  /**
   * References to a table restored later (a trip's cover photo: photos themselves point at trips). Written as null
   * first and set once every table is in; a reference that does not resolve stays null.
   */
  laterRefs?: Record<string, string>
  /** Columns never exported (secrets). */
  omit?: string[]
  /** Ids are kept on a restore into an empty site (public ids such as a post's); users are always matched by e-mail. */
  keepIds: boolean
  report:
    | 'posts'
    | 'comments'
    | 'categories'
    | 'tags'
    | 'authors'
    | 'redirects'
    | 'gallery'
    | 'messages'
    | 'subscribers'
    | 'settings'
    | 'trips'
    | null
}

const recordTables: Record<string, string> = { post: 'posts', comment: 'comments' }

export const archiveTables: ArchiveTable[] = [
  { table: 'users', key: ['email'], omit: ['password_hash'], keepIds: false, report: 'authors' },
  { table: 'categories', key: ['slug'], alsoUnique: [['name']], keepIds: true, report: 'categories' },
  { table: 'tags', key: ['slug'], alsoUnique: [['name']], keepIds: true, report: 'tags' },
  {
    table: 'trips',
    key: ['slug'],
    laterRefs: { cover_image_id: 'gallery_images' },
    // The tracking token works only on the site it was made for: a restore or a copy asks the owner for a new one.
    omit: ['track_token_hash'],
    keepIds: true,
    report: 'trips',
  },
  {
    table: 'posts',
    key: ['slug'],
    refs: { author_id: 'users', category_id: 'categories', trip_id: 'trips' },
    keepIds: true,
    report: 'posts',
  },
  {
    table: 'post_tags',
    key: ['post_id', 'tag_id'],
    refs: { post_id: 'posts', tag_id: 'tags' },
    keepIds: false,
    report: null,
  },
  {
    table: 'comments',
    key: ['post_id', 'created_at', 'author_email', 'content'],
    refs: { post_id: 'posts', moderated_by_id: 'users' },
    keepIds: true,
    report: 'comments',
  },
  { table: 'contact_messages', key: ['email', 'created_at', 'subject'], keepIds: true, report: 'messages' },
  {
    table: 'gallery_images',
    key: ['cloudinary_public_id'],
    refs: { trip_id: 'trips' },
    keepIds: true,
    report: 'gallery',
  },
  {
    table: 'trip_track_points',
    key: ['trip_id', 'source', 'recorded_at'],
    refs: { trip_id: 'trips', image_id: 'gallery_images' },
    keepIds: false,
    report: null,
  },
  {
    table: 'newsletter_subscribers',
    key: ['email'],
    refs: { trip_id: 'trips' },
    keepIds: true,
    report: 'subscribers',
  },
  { table: 'settings', key: ['key'], keepIds: false, report: 'settings' },
  { table: 'redirects', key: ['from_path'], keepIds: true, report: 'redirects' },
  {
    table: 'import_records',
    key: ['source', 'kind', 'external_id'],
    refs: { local_id: (row) => recordTables[String(row.kind)] ?? null },
    keepIds: true,
    report: null,
  },
]

/** Setting values never leave the site: sealed secrets and what identifies them. */
export const isSecretSetting = (name: string): boolean => /^sealed|secret|password|token$|apikey|keyhint/i.test(name)
