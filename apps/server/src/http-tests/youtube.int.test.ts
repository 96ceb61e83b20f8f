import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FAKE_API_KEY, FAKE_CHANNEL_ID, startFakeYouTube, type FakeYouTube } from '@wayfarer/fakes/youtube'
import { startTestServer, type TestServer } from '../testing/test-server'

let fake: FakeYouTube
let server: TestServer
let clock = Date.UTC(2026, 10, 1)
beforeAll(async () => {
  fake = await startFakeYouTube()
  server = await startTestServer({
    config: { youtube: { apiKey: FAKE_API_KEY, channelId: FAKE_CHANNEL_ID, baseUrl: fake.baseUrl } },
    deps: { now: () => new Date(clock) },
  })
})
afterAll(async () => {
  await server.close()
  await fake.close()
})

describe('GET /api/youtube/travel-videos and /shorts with a configured channel', () => {
  it('serves concurrent first visitors from one upstream fetch, then from memory', async () => {
    const first = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        server.api.get(i % 2 ? '/api/youtube/shorts' : '/api/youtube/travel-videos'),
      ),
    )
    expect(first.every((r) => r.statusCode === 200)).toBe(true)
    for (let i = 0; i < 20; i++) await server.api.get('/api/youtube/travel-videos?maxResults=6')
    expect(fake.calls).toEqual({ channels: 1, playlistItems: 1, videos: 1 })
  })

  it('maps every Video field from channels -> playlistItems -> videos', async () => {
    const res = await server.api.get('/api/youtube/travel-videos?maxResults=6')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.success).toBe(true)
    const origin = new URL(fake.baseUrl).origin
    expect(body.data[0]).toEqual({
      id: 'fakeVideo01',
      title: 'Crossing the Andes by Night Bus: Twenty Hours from Santiago to Mendoza and Back Again',
      description: 'The long way over the mountains.',
      thumbnail: {
        default: `${origin}/vi/fakeVideo01/default.jpg`,
        medium: `${origin}/vi/fakeVideo01/mqdefault.jpg`,
        high: `${origin}/vi/fakeVideo01/hqdefault.jpg`,
      },
      publishedAt: '2026-10-30T12:00:00.000Z',
      channelTitle: 'Wayfarer Travels',
      duration: 'PT24M10S',
      viewCount: '152340',
      likeCount: '8123',
      commentCount: '412',
      isShort: false,
    })
    // Hidden likes stay unknown rather than turning into a made-up zero.
    expect(body.data.find((v: { id: string }) => v.id === 'fakeVideo03')).toMatchObject({
      likeCount: null,
      commentCount: '64',
    })
  })

  it('lists the newest long videos, leaving Shorts to their own section', async () => {
    const ids = (await server.api.get('/api/youtube/travel-videos?maxResults=6'))
      .json()
      .data.map((v: { id: string }) => v.id)
    expect(ids).toEqual(['fakeVideo01', 'fakeVideo02', 'fakeVideo03', 'fakeLive001', 'fakeVideo04', 'fakeVideo05'])
    expect((await server.api.get('/api/youtube/travel-videos')).json().data).toHaveLength(6)
    expect((await server.api.get('/api/youtube/travel-videos?maxResults=2')).json().data).toHaveLength(2)
  })

  it('detects Shorts by duration up to 180 s or a #shorts tag, only from the owner’s channel', async () => {
    const res = await server.api.get('/api/youtube/shorts?maxResults=4')
    expect(res.statusCode).toBe(200)
    const data = res.json().data as { id: string; isShort: boolean; channelTitle: string }[]
    // fakeShort02 runs 4 minutes but is tagged #shorts; otherChan01 (40 s) belongs to another channel.
    expect(data.map((v) => v.id)).toEqual(['fakeShort01', 'fakeShort02', 'fakeShort03', 'fakeShort04'])
    expect(data.every((v) => v.isShort && v.channelTitle === 'Wayfarer Travels')).toBe(true)
    expect((await server.api.get('/api/youtube/shorts?maxResults=50')).json().data).toHaveLength(5)
  })

  it('answers the same over tRPC', async () => {
    const res = await server.api.get(
      `/trpc/youtube.shorts?input=${encodeURIComponent(JSON.stringify({ maxResults: 1 }))}`,
    )
    expect(res.statusCode).toBe(200)
    expect(res.json().result.data).toEqual([expect.objectContaining({ id: 'fakeShort01', isShort: true })])
  })

  it('refuses a malformed maxResults with 400', async () => {
    for (const q of ['0', '51', 'abc', '2.5']) {
      const res = await server.api.get(`/api/youtube/travel-videos?maxResults=${q}`)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ success: false, error: expect.stringMatching(/maxResults/) })
    }
  })

  it('sends the key only in a header, never in a URL', () => {
    expect(fake.requests.length).toBeGreaterThan(0)
    for (const r of fake.requests) {
      expect(r.key).toBe(FAKE_API_KEY)
      expect(r.url).not.toContain(FAKE_API_KEY)
    }
    expect(fake.requests.some((r) => r.url.includes('/search'))).toBe(false)
  })
})

describe('background refresh', () => {
  it('serves stale answers at once while one refresh runs behind them, and keeps them when a refresh fails', async () => {
    const before = { ...fake.calls }
    // Still fresh after nine minutes.
    clock += 9 * 60_000
    fake.uploads[0]!.title = 'Renamed upstream'
    expect((await server.api.get('/api/youtube/travel-videos')).json().data[0].title).not.toBe('Renamed upstream')
    expect(fake.calls).toEqual(before)

    // Stale: visitors get the cached answer while one refresh runs.
    clock += 2 * 60_000
    const stale = await Promise.all([
      server.api.get('/api/youtube/travel-videos'),
      server.api.get('/api/youtube/shorts'),
      server.api.get('/api/youtube/travel-videos'),
    ])
    expect(stale[0].json().data[0].title).not.toBe('Renamed upstream')
    expect(stale.every((r) => r.statusCode === 200)).toBe(true)
    await expect
      .poll(async () => (await server.api.get('/api/youtube/travel-videos')).json().data[0].title)
      .toBe('Renamed upstream')
    // The uploads playlist id is remembered, so a refresh costs 2 quota units instead of 3.
    expect(fake.calls).toEqual({
      channels: before.channels,
      playlistItems: before.playlistItems + 1,
      videos: before.videos + 1,
    })

    // When a refresh fails, visitors keep getting the cached videos.
    clock += 11 * 60_000
    fake.quotaExceeded = true
    const during = await server.api.get('/api/youtube/travel-videos')
    expect(during.statusCode).toBe(200)
    expect(during.json().data[0].title).toBe('Renamed upstream')
    await expect.poll(() => fake.calls.playlistItems).toBe(before.playlistItems + 2)
    expect((await server.api.get('/api/youtube/shorts')).statusCode).toBe(200)
    fake.quotaExceeded = false
  })
})

describe('upstream failures answer quickly with {success:false, error}', () => {
  it('a bad key is a 502 naming the setting, never the key, and is not retried on every visit', async () => {
    const yt = await startFakeYouTube()
    const badKey = 'AIzaSy-not-the-right-key-000000'
    const s = await startTestServer({
      config: { youtube: { apiKey: badKey, channelId: FAKE_CHANNEL_ID, baseUrl: yt.baseUrl } },
    })
    try {
      for (const url of [
        '/api/youtube/travel-videos?maxResults=6',
        '/api/youtube/shorts?maxResults=4',
        '/api/youtube/travel-videos',
      ]) {
        const res = await s.api.get(url)
        expect(res.statusCode).toBe(502)
        expect(res.json()).toEqual({ success: false, error: 'YouTube rejected the API key: check YOUTUBE_API_KEY' })
        expect(res.body).not.toContain(badKey)
      }
      expect(yt.calls.channels).toBe(1)
    } finally {
      await s.close()
      await yt.close()
    }
  })

  it('with no key (the default) both sections answer 412 without calling out', async () => {
    const s = await startTestServer()
    try {
      for (const url of ['/api/youtube/travel-videos?maxResults=6', '/api/youtube/shorts?maxResults=4']) {
        const res = await s.api.get(url)
        expect(res.statusCode).toBe(412)
        expect(res.json()).toEqual({
          success: false,
          error: 'YouTube is not configured: set YOUTUBE_API_KEY and YOUTUBE_CHANNEL_ID to show the channel’s videos',
        })
      }
    } finally {
      await s.close()
    }
  })
})
