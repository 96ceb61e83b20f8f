// Builds WordPress export (WXR 1.2) files for tests, the e2e suite and the 5,000-post benchmark, following the
// format WordPress's own exporter writes (wp-admin/includes/export.php).

export interface WxrComment {
  id: number
  author: string
  email?: string
  url?: string
  date: string
  content: string
  approved: '1' | '0' | 'spam' | 'trash'
  type?: string
  parent?: number
}

export interface WxrItem {
  id: number
  title: string
  slug: string
  type?: string
  status?: string
  /** "2019-05-14 10:00:00" (UTC). */
  date: string
  /** Local date when it differs (or when date is empty). */
  localDate?: string
  content: string
  excerpt?: string
  creator?: string
  categories?: [string, string][]
  tags?: [string, string][]
  meta?: Record<string, string>
  comments?: WxrComment[]
  link?: string
  attachmentUrl?: string
  parent?: number
  /** WordPress's "Password protected" visibility. */
  password?: string
}

export interface WxrSite {
  title: string
  url: string
  authors: { login: string; email: string; first: string; last: string; display: string }[]
  categories: [string, string][]
  tags: [string, string][]
}

const cdata = (text: string) => `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`

export function wxrHeader(site: WxrSite): string {
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>${cdata(site.title)}</title>
  <link>${site.url}</link>
  <description>Just another WordPress site</description>
  <language>en-US</language>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>${site.url}</wp:base_site_url>
  <wp:base_blog_url>${site.url}</wp:base_blog_url>
${site.authors
  .map(
    (a, i) =>
      `  <wp:author><wp:author_id>${i + 1}</wp:author_id><wp:author_login>${cdata(a.login)}</wp:author_login><wp:author_email>${cdata(a.email)}</wp:author_email><wp:author_display_name>${cdata(a.display)}</wp:author_display_name><wp:author_first_name>${cdata(a.first)}</wp:author_first_name><wp:author_last_name>${cdata(a.last)}</wp:author_last_name></wp:author>`,
  )
  .join('\n')}
${site.categories.map(([slug, name], i) => `  <wp:category><wp:term_id>${i + 1}</wp:term_id><wp:category_nicename>${cdata(slug)}</wp:category_nicename><wp:category_parent>${cdata('')}</wp:category_parent><wp:cat_name>${cdata(name)}</wp:cat_name></wp:category>`).join('\n')}
${site.tags.map(([slug, name], i) => `  <wp:tag><wp:term_id>${100 + i}</wp:term_id><wp:tag_slug>${cdata(slug)}</wp:tag_slug><wp:tag_name>${cdata(name)}</wp:tag_name></wp:tag>`).join('\n')}
`
}

export const wxrFooter = '</channel>\n</rss>\n'

export function wxrItem(item: WxrItem, siteUrl: string): string {
  const type = item.type ?? 'post'
  const status = item.status ?? (type === 'attachment' ? 'inherit' : 'publish')
  const gmt = item.date
  const local = item.localDate ?? item.date
  const [y, m] = (gmt || local).split('-')
  const link =
    item.link ??
    (type === 'post' && status === 'publish' ? `${siteUrl}/${y}/${m}/${item.slug}/` : `${siteUrl}/?p=${item.id}`)
  const terms = [
    ...(item.categories ?? []).map(
      ([slug, name]) => `<category domain="category" nicename="${slug}">${cdata(name)}</category>`,
    ),
    ...(item.tags ?? []).map(
      ([slug, name]) => `<category domain="post_tag" nicename="${slug}">${cdata(name)}</category>`,
    ),
  ]
  const meta = Object.entries(item.meta ?? {}).map(
    ([k, v]) =>
      `<wp:postmeta><wp:meta_key>${cdata(k)}</wp:meta_key><wp:meta_value>${cdata(v)}</wp:meta_value></wp:postmeta>`,
  )
  const comments = (item.comments ?? []).map(
    (c) => `<wp:comment>
  <wp:comment_id>${c.id}</wp:comment_id><wp:comment_author>${cdata(c.author)}</wp:comment_author><wp:comment_author_email>${cdata(c.email ?? '')}</wp:comment_author_email>
  <wp:comment_author_url>${c.url ?? ''}</wp:comment_author_url><wp:comment_author_IP>${cdata('203.0.113.7')}</wp:comment_author_IP>
  <wp:comment_date>${cdata(c.date)}</wp:comment_date><wp:comment_date_gmt>${cdata(c.date)}</wp:comment_date_gmt>
  <wp:comment_content>${cdata(c.content)}</wp:comment_content><wp:comment_approved>${cdata(c.approved)}</wp:comment_approved>
  <wp:comment_type>${cdata(c.type ?? 'comment')}</wp:comment_type><wp:comment_parent>${c.parent ?? 0}</wp:comment_parent><wp:comment_user_id>0</wp:comment_user_id>
</wp:comment>`,
  )
  return `<item>
  <title>${cdata(item.title)}</title>
  <link>${link}</link>
  <pubDate>${new Date(`${(gmt || local).replace(' ', 'T')}Z`).toUTCString()}</pubDate>
  <dc:creator>${cdata(item.creator ?? 'alice')}</dc:creator>
  <guid isPermaLink="false">${siteUrl}/?p=${item.id}</guid>
  <description></description>
  <content:encoded>${cdata(item.content)}</content:encoded>
  <excerpt:encoded>${cdata(item.excerpt ?? '')}</excerpt:encoded>
  <wp:post_id>${item.id}</wp:post_id>
  <wp:post_date>${cdata(local)}</wp:post_date>
  <wp:post_date_gmt>${cdata(status === 'draft' ? '0000-00-00 00:00:00' : gmt)}</wp:post_date_gmt>
  <wp:post_modified>${cdata(local)}</wp:post_modified>
  <wp:post_modified_gmt>${cdata(gmt)}</wp:post_modified_gmt>
  <wp:comment_status>${cdata('open')}</wp:comment_status>
  <wp:ping_status>${cdata('open')}</wp:ping_status>
  <wp:post_name>${cdata(item.slug)}</wp:post_name>
  <wp:status>${cdata(status)}</wp:status>
  <wp:post_parent>${item.parent ?? 0}</wp:post_parent>
  <wp:menu_order>0</wp:menu_order>
  <wp:post_type>${cdata(type)}</wp:post_type>
  <wp:post_password>${cdata(item.password ?? '')}</wp:post_password>
  <wp:is_sticky>0</wp:is_sticky>
${item.attachmentUrl ? `  <wp:attachment_url>${cdata(item.attachmentUrl)}</wp:attachment_url>\n` : ''}  ${terms.join('\n  ')}
  ${meta.join('\n  ')}
  ${comments.join('\n  ')}
</item>
`
}

export const defaultWxrSite = (url: string): WxrSite => ({
  title: 'Wandering Boots',
  url,
  authors: [
    { login: 'alice', email: 'alice@old-site.test', first: 'Alice', last: 'Walker', display: 'Alice Walker' },
    { login: 'bob', email: 'bob@old-site.test', first: 'Bob', last: 'Rivers', display: 'Bob Rivers' },
  ],
  categories: [
    ['travel-tips', 'Travel Tips'],
    ['beach-destinations', 'Beach Destinations'],
    ['uncategorized', 'Uncategorized'],
  ],
  tags: [
    ['hiking', 'Hiking'],
    ['street-food', 'Street Food'],
  ],
})

const day = (n: number) => new Date(Date.UTC(2019, 0, 1) + n * 86_400_000).toISOString().slice(0, 19).replace('T', ' ')

/** A plain published story number i (what the benchmark file is made of). */
export function plainWxrPost(i: number): WxrItem {
  return {
    id: 10_000 + i,
    title: `Day ${i} on the road`,
    slug: `day-${i}-on-the-road`,
    date: day(i % 2000),
    content: `We left at dawn on day ${i}.\n\nThe road climbed through pine forest &amp; tea fields.\nLunch was noodles.\n\n<h2>Evening</h2>\nA quiet guesthouse and a long sleep.`,
    categories: [['travel-tips', 'Travel Tips']],
    tags: [['hiking', 'Hiking']],
    creator: i % 2 ? 'alice' : 'bob',
    comments:
      i % 5 === 0
        ? [
            {
              id: 100_000 + i,
              author: 'Reader',
              email: 'reader@example.com',
              date: day((i % 2000) + 1),
              content: `Lovely day ${i}!`,
              approved: '1',
            },
          ]
        : [],
  }
}

/** A streaming-friendly whole file: header, items, footer. */
export function wxrDocument(site: WxrSite, items: WxrItem[]): string {
  return wxrHeader(site) + items.map((i) => wxrItem(i, site.url)).join('') + wxrFooter
}
