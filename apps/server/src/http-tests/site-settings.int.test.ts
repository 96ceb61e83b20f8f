import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultSiteSettings, type SiteSettings } from '@wayfarer/api/schemas'
import { startTestServer, type Api, type TestServer } from '../testing/test-server'
import { createReadingFixtures } from '../testing/reading-fixtures'

let server: TestServer
let owner: Api
beforeAll(async () => {
  // The public cache on: a saved setting must show at once on every cached page and read.
  server = await startTestServer({ appShell: true, config: { publicCache: true } })
  owner = await server.api.asOwner()
  await createReadingFixtures(server.app.deps.prisma, [
    { slug: 'annapurna', title: 'Ten Days on the Annapurna Circuit', category: 'adventure', daysAgo: 1 },
    { slug: 'el-nido', title: 'Island Hopping in El Nido', category: 'beach', daysAgo: 2 },
    { slug: 'a-draft', title: 'Not yet', status: 'draft', category: null, daysAgo: 0 },
  ])
})
afterAll(() => server.close())

const mine: SiteSettings = {
  ...defaultSiteSettings,
  name: 'Two Backpacks',
  tagline: 'Slow travel in Asia',
  heroTitle: 'Slowly through Asia',
  heroText: 'Buses, boats and the people we met.',
  aboutText: 'We are Ana & Rui.\n\nWe left Lisbon in 2024.',
  contactEmail: 'ana@two-backpacks.example',
  contactLocation: 'Hanoi, Vietnam',
  socialLinks: [
    { network: 'Mastodon', url: 'https://mastodon.social/@twobackpacks' },
    { network: 'YouTube', url: 'https://www.youtube.com/@twobackpacks' },
  ],
  footerText: 'Written on the road.',
  timeZone: 'asia/ho_chi_minh',
  language: 'pt-PT',
}
const save = (body: object) => owner.post('/api/settings/site', body)

describe('site settings', () => {
  it('a fresh install reads the spec texts as its settings, with the video sections off (no channel)', async () => {
    const res = await server.api.get('/api/settings/site')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, data: { ...defaultSiteSettings, videos: false } })
    expect(res.json().data.socialLinks.map((l: { network: string }) => l.network)).toEqual([
      'Instagram',
      'TikTok',
      'YouTube',
      'Facebook',
    ])
  })

  it('the figures are counted from the site until the owner sets one', async () => {
    const res = await server.api.get('/api/settings/figures')
    expect(res.json().data.stories).toEqual({ value: '2', computed: 2, overridden: false })
    expect(res.json().data.trips).toEqual({ value: '0', computed: 0, overridden: false })
    await save({ ...defaultSiteSettings, figures: { ...defaultSiteSettings.figures, followers: ' 10K+ ' } })
    const after = (await server.api.get('/api/settings/figures')).json().data
    expect(after.followers).toEqual({ value: '10K+', computed: 0, overridden: true })
    expect(after.stories.overridden).toBe(false)
  })

  it('saved by the owner, they show at once on the cached reads, pages, heads and feed', async () => {
    // Fill the cache first: the save must drop it.
    await server.api.get('/api/settings/site')
    await server.api.get('/')
    await server.api.get('/rss.xml')
    const saved = await save(mine)
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({ success: true, message: 'Site settings saved' })
    // The zone is stored in IANA's spelling.
    expect(saved.json().data.timeZone).toBe('Asia/Ho_Chi_Minh')

    const read = (await server.api.get('/api/settings/site')).json().data
    expect(read).toMatchObject({ name: 'Two Backpacks', socialLinks: mine.socialLinks, language: 'pt-PT' })
    const trpc = await server.api.get('/trpc/settings.site')
    expect(trpc.json().result.data.name).toBe('Two Backpacks')

    const home = (await server.api.get('/')).body
    expect(home).toContain('<html lang="pt-PT"')
    expect(home).toContain('<title>Two Backpacks — Slow travel in Asia</title>')
    expect(home).toContain('<meta property="og:site_name" content="Two Backpacks" />')
    expect(home).toContain('<meta name="description" content="Buses, boats and the people we met." />')
    expect(home).toContain('"@type":"WebSite","name":"Two Backpacks"')
    expect(home).toMatch(
      /<link rel="alternate" type="application\/rss\+xml" title="Two Backpacks" href="[^"]+\/rss\.xml" \/>/,
    )
    expect(home).toContain('"procedure":"settings.site"')
    expect((await server.api.get('/blog')).body).toContain('<title>Blog | Two Backpacks</title>')
    const story = (await server.api.get('/blog/annapurna')).body
    expect(story).toContain('<meta property="og:site_name" content="Two Backpacks" />')
    expect(story).toContain('"publisher":{"@type":"Organization","name":"Two Backpacks"')
    expect((await server.api.get('/rss.xml')).body).toContain('<title>Two Backpacks — Slow travel in Asia</title>')
  })

  it('any social links or none', async () => {
    expect((await save({ ...mine, socialLinks: [] })).statusCode).toBe(200)
    expect((await server.api.get('/api/settings/site')).json().data.socialLinks).toEqual([])
  })

  it.each([
    [
      'a script address as a social link',
      { socialLinks: [{ network: 'X', url: 'javascript:alert(1)' }] },
      'Link must be an http(s) address',
    ],
    ['a data: logo', { logoUrl: 'data:image/svg+xml,<svg onload=alert(1)>' }, 'Logo must be a path on this site'],
    ['an empty name', { name: '  ' }, 'Site name is required'],
    ['a control character', { tagline: 'a\u0000b' }, 'Tagline must not contain control characters'],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'time zone'],
    ['an offset for a zone', { timeZone: '+05:45' }, 'time zone'],
    ['a bad e-mail', { contactEmail: 'not-an-address' }, 'Enter a valid e-mail address'],
    ['a language that is not a tag', { language: 'en"><script>' }, 'Language must be a language tag'],
    [
      'three About photos',
      { aboutPhotos: ['/media/a.jpg', '/media/b.jpg', '/media/c.jpg'] },
      'At most two About photos',
    ],
    ['a figure too long', { figures: { ...mine.figures, countries: 'x'.repeat(13) } }, 'at most 12 characters'],
    [
      '13 social links',
      { socialLinks: Array.from({ length: 13 }, (_, i) => ({ network: `N${i}`, url: 'https://a.example' })) },
      'At most 12 social links',
    ],
  ])('refuses %s with 400 in its words, changing nothing', async (_, change, words) => {
    const before = (await server.api.get('/api/settings/site')).json().data
    const res = await save({ ...mine, ...change })
    expect(res.statusCode).toBe(400)
    expect(res.json().success).toBe(false)
    expect(res.json().error.toLowerCase()).toContain(words.toLowerCase())
    expect((await server.api.get('/api/settings/site')).json().data).toEqual(before)
  })

  it('refuses a save without the owner, and a missing body', async () => {
    expect((await server.api.post('/api/settings/site', mine)).statusCode).toBe(401)
    expect((await owner.post('/api/settings/site', {})).statusCode).toBe(400)
  })

  it('a stored value the schema no longer accepts falls back to its default, field by field', async () => {
    await server.app.deps.prisma.setting.update({
      where: { key: 'site' },
      data: { value: { ...mine, socialLinks: [{ network: 'X', url: 'javascript:1' }], name: 42 } },
    })
    const read = (await server.api.get('/api/settings/site')).json().data
    expect(read.name).toBe(defaultSiteSettings.name)
    expect(read.socialLinks).toEqual(defaultSiteSettings.socialLinks)
    expect(read.tagline).toBe('Slow travel in Asia')
  })
})
