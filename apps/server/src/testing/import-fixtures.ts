import { writeFile } from 'node:fs/promises'
import { defaultWxrSite, plainWxrPost, wxrDocument, type WxrItem } from '@wayfarer/api/import-fixtures'
import { DEAD_HOST } from '@wayfarer/fakes/image-host'
import type { ImportJob } from '@wayfarer/api/schemas'
import type { Api } from './api'

const date = (s: string) => s

/**
 * The acceptance WXR: 50 posts in every status, categories and tags, comments in every state (with a reply
 * and a pingback), shortcodes, embeds, a script, a featured image on the loopback host, Yoast fields,
 * duplicate slugs, an odd date, a missing author, plus a page, attachments and a menu item to skip.
 */
export function acceptanceWxr(siteUrl: string): string {
  const uploads = `${siteUrl}/wp-content/uploads/2019/05`
  const attachments: WxrItem[] = [
    {
      id: 901,
      type: 'attachment',
      title: 'Harbour at dawn',
      slug: 'harbour',
      date: date('2019-05-01 08:00:00'),
      content: '',
      attachmentUrl: `${uploads}/harbour.png`,
      meta: { _wp_attachment_image_alt: 'Fishing boats in the harbour' },
      parent: 1,
    },
    {
      id: 902,
      type: 'attachment',
      title: 'Market',
      slug: 'market',
      date: date('2019-05-01 08:00:00'),
      content: '',
      attachmentUrl: `${uploads}/market.png`,
      excerpt: 'The night market',
      parent: 1,
    },
    {
      id: 903,
      type: 'attachment',
      title: 'Lost',
      slug: 'lost',
      date: date('2019-05-01 08:00:00'),
      content: '',
      attachmentUrl: `${DEAD_HOST}/wp-content/uploads/lost.png`,
      parent: 2,
    },
  ]
  const rich: WxrItem = {
    id: 1,
    title: 'Harbour Mornings &amp; Night Markets',
    slug: 'harbour-mornings',
    date: date('2019-05-14 10:00:00'),
    content: [
      'We arrived before sunrise.\nThe boats were already out.',
      `[caption id="attachment_901" align="alignnone" width="640"]<img src="${uploads}/harbour.png" alt="Boats" width="640" height="480" /> Boats leaving at dawn[/caption]`,
      '[gallery ids="901,902"]',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      '[contact-form-7 id="12" title="Contact"]',
      '<script>alert("x")</script>Fried squid <strong>everywhere</strong>.',
      `Read <a href="${siteUrl}/2019/05/post-2/">the next day</a> too.`,
    ].join('\n\n'),
    excerpt: 'Boats at dawn and squid at night.',
    categories: [
      ['travel-tips', 'Travel Tips'],
      ['beach-destinations', 'Beach Destinations'],
    ],
    tags: [['street-food', 'Street Food']],
    meta: {
      _thumbnail_id: '901',
      _yoast_wpseo_title: '%%title%% %%sep%% %%sitename%%',
      _yoast_wpseo_metadesc: 'Dawn boats and night markets in a fishing town.',
    },
    comments: [
      {
        id: 11,
        author: 'Mia',
        email: 'MIA@example.com',
        url: 'https://mia.example',
        date: '2019-05-15 09:00:00',
        content: 'Gorgeous photos, thank you!',
        approved: '1',
      },
      {
        id: 12,
        author: 'Sam',
        email: 'sam@example.com',
        date: '2019-05-15 10:00:00',
        content: 'Which <em>market</em> was this?',
        approved: '0',
      },
      {
        id: 13,
        author: 'Spammer',
        email: 'spam@example.com',
        date: '2019-05-15 11:00:00',
        content: 'Cheap pills here',
        approved: 'spam',
      },
      {
        id: 14,
        author: 'Old',
        email: 'old@example.com',
        date: '2019-05-15 12:00:00',
        content: 'Removed comment text',
        approved: 'trash',
      },
      {
        id: 15,
        author: 'Alice Walker',
        email: 'alice@old-site.test',
        date: '2019-05-16 09:00:00',
        content: 'Thanks Mia, glad you like them!',
        approved: '1',
        parent: 11,
      },
      {
        id: 16,
        author: 'Other blog',
        url: 'https://other.example/post',
        date: '2019-05-16 10:00:00',
        content: 'Linked here',
        approved: '1',
        type: 'pingback',
      },
    ],
  }
  const items: WxrItem[] = [rich]
  for (let i = 2; i <= 50; i++) {
    const base = plainWxrPost(i)
    items.push({
      ...base,
      id: i,
      slug: `post-${i}`,
      title: `Post number ${i}`,
      date: date(`2019-05-${String((i % 28) + 1).padStart(2, '0')} 10:00:00`),
    })
  }
  const byId = (id: number) => items.find((p) => p.id === id)!
  Object.assign(byId(2), { meta: { _thumbnail_id: '903' } })
  Object.assign(byId(3), { date: '', localDate: '14/05/2019 10h', link: `${siteUrl}/?p=3` })
  Object.assign(byId(4), { creator: 'ghost-writer' })
  Object.assign(byId(5), { slug: 'same-slug', title: 'Same slug one' })
  Object.assign(byId(6), { slug: 'same-slug', title: 'Same slug two' })
  Object.assign(byId(10), { status: 'draft' })
  Object.assign(byId(20), { status: 'pending' })
  Object.assign(byId(30), { status: 'private' })
  Object.assign(byId(40), { status: 'future', date: '2031-01-01 09:00:00' })
  Object.assign(byId(50), { status: 'trash' })
  const skippedEntries: WxrItem[] = [
    { id: 500, type: 'page', title: 'About us', slug: 'about-us', date: '2019-01-01 00:00:00', content: 'About page' },
    { id: 501, type: 'nav_menu_item', title: '', slug: '501', date: '2019-01-01 00:00:00', content: '' },
  ]
  return wxrDocument(defaultWxrSite(siteUrl), [...attachments, ...items, ...skippedEntries])
}

export async function writeFixture(file: string, text: string): Promise<string> {
  await writeFile(file, text)
  return file
}

/** A Ghost 5 export: posts with html, one with only Lexical, tags (one internal), authors, posts_meta. */
export function ghostExport(options: { wrapped: boolean }) {
  const lexical = {
    root: {
      type: 'root',
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'text', text: 'Bold ', format: 1 },
            { type: 'text', text: 'and plain.' },
          ],
        },
        { type: 'heading', tag: 'h2', children: [{ type: 'text', text: 'Into the hills' }] },
        {
          type: 'image',
          src: '__GHOST_URL__/content/images/2021/03/hills.png',
          alt: 'Green hills',
          caption: 'Morning haze',
        },
        { type: 'html', html: '<p onclick="x()">Raw card</p><script>alert(1)</script>' },
        { type: 'product', productTitle: 'Boots' },
      ],
    },
  }
  const data = {
    posts: [
      {
        id: '6001',
        title: 'Lisbon by Tram',
        slug: 'lisbon-by-tram',
        status: 'published',
        type: 'post',
        html: '<p>Tram 28 climbs <a href="__GHOST_URL__/porto-weekend/">to Graça</a>.</p><figure class="kg-card kg-embed-card"><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></figure>',
        feature_image: '__GHOST_URL__/content/images/2021/02/tram.png',
        custom_excerpt: 'Yellow trams and steep hills.',
        created_at: '2021-02-01T08:00:00.000Z',
        updated_at: '2021-02-03T08:00:00.000Z',
        published_at: '2021-02-02T08:00:00.000Z',
      },
      {
        id: '6002',
        title: 'Hills Without HTML',
        slug: 'hills-without-html',
        status: 'published',
        type: 'post',
        html: null,
        lexical: JSON.stringify(lexical),
        created_at: '2021-03-01T08:00:00.000Z',
        updated_at: '2021-03-01T08:00:00.000Z',
        published_at: '2021-03-01T09:00:00.000Z',
      },
      {
        id: '6003',
        title: 'Draft Notes',
        slug: 'draft-notes',
        status: 'draft',
        type: 'post',
        html: '<p>Not yet.</p>',
        created_at: '2021-04-01T08:00:00.000Z',
        updated_at: '2021-04-01T08:00:00.000Z',
        published_at: null,
      },
      {
        id: '6004',
        title: 'Coming Soon',
        slug: 'coming-soon',
        status: 'scheduled',
        type: 'post',
        html: '<p>Soon.</p>',
        created_at: '2021-04-01T08:00:00.000Z',
        updated_at: '2021-04-01T08:00:00.000Z',
        published_at: '2032-06-01T08:00:00.000Z',
      },
      {
        id: '6005',
        title: 'About',
        slug: 'about-me',
        status: 'published',
        type: 'page',
        html: '<p>Me.</p>',
        created_at: '2021-01-01T08:00:00.000Z',
        updated_at: '2021-01-01T08:00:00.000Z',
        published_at: '2021-01-01T08:00:00.000Z',
      },
    ],
    tags: [
      { id: 't1', name: 'Portugal', slug: 'portugal', description: 'Trips in Portugal', visibility: 'public' },
      { id: 't2', name: 'Trams', slug: 'trams', visibility: 'public' },
      { id: 't3', name: '#newsletter', slug: 'hash-newsletter', visibility: 'internal' },
    ],
    posts_tags: [
      { post_id: '6001', tag_id: 't2', sort_order: 1 },
      { post_id: '6001', tag_id: 't1', sort_order: 0 },
      { post_id: '6001', tag_id: 't3', sort_order: 2 },
    ],
    users: [{ id: 'u1', name: 'Inês Costa Silva', email: 'ines@ghost-site.test', slug: 'ines' }],
    posts_authors: [
      { post_id: '6001', author_id: 'u1', sort_order: 0 },
      { post_id: '6002', author_id: 'u1', sort_order: 0 },
    ],
    posts_meta: [
      {
        post_id: '6001',
        feature_image_alt: 'A yellow tram',
        meta_title: 'Lisbon by Tram | Ghost Blog',
        meta_description: 'Riding tram 28 through Lisbon.',
      },
    ],
  }
  const meta = { exported_on: 1700000000000, version: '5.75.0' }
  return options.wrapped ? { db: [{ meta, data }] } : { meta, data }
}

/** The import job once its dry run or import has finished (the screen's polling of `transfer.status`). */
export async function settledImport(owner: Api, id: string): Promise<ImportJob> {
  for (;;) {
    const res = await owner.get(`/trpc/transfer.status?input=${encodeURIComponent(JSON.stringify({ id }))}`)
    const job = (res.json() as { result: { data: ImportJob } }).result.data
    if (job.state !== 'checking' && job.state !== 'importing') return job
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
