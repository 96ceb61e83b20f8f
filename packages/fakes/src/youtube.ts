import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback stand-in for the YouTube Data API v3: channels.list, playlistItems.list and videos.list, answering
 * like the real service (string counts, ISO durations, its error bodies for a bad key and an exhausted quota).
 * Used by the server's integration tests and, as a separate process, by the Playwright suite. Deterministic: the
 * same uploads every time, so specs sharing one app server see the same home page.
 */

export const FAKE_CHANNEL_ID = 'UCwayfarerFakeChannel01'
export const FAKE_API_KEY = 'fake-youtube-key-0123456789'
export const FAKE_CHANNEL_TITLE = 'Wayfarer Travels'

export interface FakeUpload {
  id: string
  title: string
  description: string
  duration: string
  publishedAt: string
  channelId?: string
  viewCount?: string
  /** Omitted: the owner hides likes (and the API then leaves the field out). */
  likeCount?: string
  commentCount?: string
}

const day = (n: number) => new Date(Date.UTC(2026, 9, 30 - n, 12, 0, 0)).toISOString()

/** The channel's uploads, newest first: 8 long videos, 5 Shorts, a live stream and one foreign video. */
export const defaultUploads: FakeUpload[] = [
  {
    id: 'fakeVideo01',
    title: 'Crossing the Andes by Night Bus: Twenty Hours from Santiago to Mendoza and Back Again',
    description: 'The long way over the mountains.',
    duration: 'PT24M10S',
    publishedAt: day(0),
    viewCount: '152340',
    likeCount: '8123',
    commentCount: '412',
  },
  {
    id: 'fakeShort01',
    title: 'Sunrise over Bagan in 30 seconds flat, no filter',
    description: 'Balloons everywhere',
    duration: 'PT30S',
    publishedAt: day(1),
    viewCount: '98000',
    likeCount: '5100',
    commentCount: '77',
  },
  {
    id: 'fakeVideo02',
    title: 'Street Food of Hanoi',
    description: 'Pho, bun cha and egg coffee.',
    duration: 'PT12M34S',
    publishedAt: day(2),
    viewCount: '45012',
    likeCount: '2001',
    commentCount: '120',
  },
  {
    id: 'fakeShort02',
    title: 'Ten-minute ferry, one-minute cut #shorts',
    description: 'Greek islands',
    duration: 'PT4M2S',
    publishedAt: day(3),
    viewCount: '30500',
    likeCount: '900',
    commentCount: '31',
  },
  {
    id: 'fakeVideo03',
    title: 'Three Days in Lisbon on a Budget',
    description: 'Trams, tiles and pastéis.',
    duration: 'PT18M',
    publishedAt: day(4),
    viewCount: '22000',
    commentCount: '64',
  },
  {
    id: 'fakeLive001',
    title: 'Live from the Northern Lights camp',
    description: 'Streamed live',
    duration: 'P0D',
    publishedAt: day(5),
    viewCount: '5400',
    likeCount: '300',
    commentCount: '12',
  },
  {
    id: 'fakeVideo04',
    title: 'Trekking to Everest Base Camp',
    description: 'Fourteen days on foot.',
    duration: 'PT1H2M3S',
    publishedAt: day(6),
    viewCount: '310000',
    likeCount: '15000',
    commentCount: '980',
  },
  {
    id: 'fakeShort03',
    title: 'Snorkelling with turtles',
    description: 'Gili islands #travel',
    duration: 'PT58S',
    publishedAt: day(7),
    viewCount: '12000',
    likeCount: '640',
    commentCount: '18',
  },
  {
    id: 'otherChan01',
    title: 'Someone else’s video',
    description: 'Not ours',
    duration: 'PT40S',
    publishedAt: day(8),
    channelId: 'UCsomeoneElse000000000001',
    viewCount: '1',
    likeCount: '0',
    commentCount: '0',
  },
  {
    id: 'fakeVideo05',
    title: 'Desert Nights in Wadi Rum',
    description: 'Stars and silence.',
    duration: 'PT9M50S',
    publishedAt: day(9),
    viewCount: '8700',
    likeCount: '410',
    commentCount: '25',
  },
  {
    id: 'fakeShort04',
    title: 'How to pack a carry-on in one minute',
    description: '',
    duration: 'PT1M',
    publishedAt: day(10),
    viewCount: '40000',
    likeCount: '2100',
    commentCount: '55',
  },
  {
    id: 'fakeVideo06',
    title: 'Kyoto in Autumn',
    description: 'Maple leaves and temples.',
    duration: 'PT15M5S',
    publishedAt: day(11),
    viewCount: '67000',
    likeCount: '3300',
    commentCount: '150',
  },
  {
    id: 'fakeShort05',
    title: 'Market sounds of Marrakech',
    description: '',
    duration: 'PT3M',
    publishedAt: day(12),
    viewCount: '9100',
    likeCount: '400',
    commentCount: '9',
  },
  {
    id: 'fakeVideo07',
    title: 'Island Hopping in the Philippines',
    description: 'El Nido to Coron.',
    duration: 'PT21M',
    publishedAt: day(13),
    viewCount: '54000',
    likeCount: '2800',
    commentCount: '140',
  },
  {
    id: 'fakeVideo08',
    title: 'What I Pack for Six Months on the Road',
    description: 'Gear list.',
    duration: 'PT11M',
    publishedAt: day(14),
    viewCount: '71000',
    likeCount: '3900',
    commentCount: '300',
  },
]

export interface FakeYouTube {
  /** The base URL to configure as YOUTUBE_BASE_URL. */
  baseUrl: string
  /** Requests received per resource (channels, playlistItems, videos). */
  calls: Record<'channels' | 'playlistItems' | 'videos', number>
  /** Every request's URL and X-Goog-Api-Key header, to prove the key never travels in a URL. */
  requests: { url: string; key: string | undefined }[]
  uploads: FakeUpload[]
  /** When true, every call answers 403 quotaExceeded as YouTube does once the daily quota is spent. */
  quotaExceeded: boolean
  close(): Promise<void>
}

export async function startFakeYouTube(
  options: { port?: number; apiKey?: string; uploads?: FakeUpload[] } = {},
): Promise<FakeYouTube> {
  const apiKey = options.apiKey ?? FAKE_API_KEY
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const key = req.headers['x-goog-api-key']
    const send = (status: number, body: unknown, type = 'application/json; charset=UTF-8') => {
      res.writeHead(status, { 'content-type': type })
      res.end(typeof body === 'string' ? body : JSON.stringify(body))
    }
    if (url.pathname === '/health') return send(200, { ok: true })
    const thumb = /^\/vi\/([\w-]{11})\/(\w+)\.jpg$/.exec(url.pathname)
    if (thumb) return send(200, thumbnailSvg(thumb[1]!), 'image/svg+xml')

    const resource = /^\/youtube\/v3\/(channels|playlistItems|videos)$/.exec(url.pathname)?.[1] as
      keyof FakeYouTube['calls'] | undefined
    if (!resource) return send(404, { error: { code: 404, message: 'Not Found', errors: [{ reason: 'notFound' }] } })
    fake.calls[resource] += 1
    fake.requests.push({
      url: req.url ?? '',
      key: typeof key === 'string' ? key : (url.searchParams.get('key') ?? undefined),
    })

    if (key !== apiKey && url.searchParams.get('key') !== apiKey) return send(400, badKeyBody)
    if (fake.quotaExceeded) return send(403, quotaBody)
    const own = (u: FakeUpload) => (u.channelId ?? FAKE_CHANNEL_ID) === FAKE_CHANNEL_ID
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

    if (resource === 'channels') {
      const id = url.searchParams.get('id')
      const items =
        id === FAKE_CHANNEL_ID
          ? [
              {
                kind: 'youtube#channel',
                id,
                contentDetails: { relatedPlaylists: { likes: '', uploads: `UU${id.slice(2)}` } },
              },
            ]
          : []
      return send(200, {
        kind: 'youtube#channelListResponse',
        pageInfo: { totalResults: items.length, resultsPerPage: 5 },
        items,
      })
    }
    if (resource === 'playlistItems') {
      if (url.searchParams.get('playlistId') !== `UU${FAKE_CHANNEL_ID.slice(2)}`) {
        return send(404, {
          error: {
            code: 404,
            message: "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
            errors: [{ reason: 'playlistNotFound' }],
          },
        })
      }
      const max = Math.min(50, Number(url.searchParams.get('maxResults') ?? 5))
      // The default set includes one foreign upload so the source's filter to the owner's channel is exercised.
      const items = fake.uploads.slice(0, max).map((u) => ({
        kind: 'youtube#playlistItem',
        contentDetails: { videoId: u.id, videoPublishedAt: u.publishedAt },
      }))
      return send(200, {
        kind: 'youtube#playlistItemListResponse',
        pageInfo: { totalResults: fake.uploads.length, resultsPerPage: max },
        items,
      })
    }
    const ids = (url.searchParams.get('id') ?? '').split(',')
    const items = fake.uploads
      .filter((u) => ids.includes(u.id))
      .map((u) => ({
        kind: 'youtube#video',
        id: u.id,
        snippet: {
          publishedAt: u.publishedAt,
          channelId: u.channelId ?? FAKE_CHANNEL_ID,
          title: u.title,
          description: u.description,
          thumbnails: {
            default: { url: `${origin}/vi/${u.id}/default.jpg`, width: 120, height: 90 },
            medium: { url: `${origin}/vi/${u.id}/mqdefault.jpg`, width: 320, height: 180 },
            high: { url: `${origin}/vi/${u.id}/hqdefault.jpg`, width: 480, height: 360 },
          },
          channelTitle: own(u) ? FAKE_CHANNEL_TITLE : 'Someone Else',
          categoryId: '19',
        },
        contentDetails: { duration: u.duration, dimension: '2d', definition: 'hd', caption: 'false' },
        statistics: {
          viewCount: u.viewCount ?? '0',
          ...(u.likeCount !== undefined && { likeCount: u.likeCount }),
          favoriteCount: '0',
          ...(u.commentCount !== undefined && { commentCount: u.commentCount }),
        },
      }))
    return send(200, {
      kind: 'youtube#videoListResponse',
      pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      items,
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const fake: FakeYouTube = {
    baseUrl: `http://127.0.0.1:${port}/youtube/v3`,
    calls: { channels: 0, playlistItems: 0, videos: 0 },
    requests: [],
    uploads: options.uploads ?? defaultUploads.map((u) => ({ ...u })),
    quotaExceeded: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  return fake
}

const badKeyBody = {
  error: {
    code: 400,
    message: 'API key not valid. Please pass a valid API key.',
    errors: [{ message: 'API key not valid. Please pass a valid API key.', domain: 'global', reason: 'badRequest' }],
    status: 'INVALID_ARGUMENT',
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'API_KEY_INVALID',
        domain: 'googleapis.com',
        metadata: { service: 'youtube.googleapis.com' },
      },
    ],
  },
}

const quotaBody = {
  error: {
    code: 403,
    message:
      'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
    errors: [
      {
        message: 'The request cannot be completed because you have exceeded your quota.',
        domain: 'youtube.quota',
        reason: 'quotaExceeded',
      },
    ],
  },
}

function thumbnailSvg(id: string): string {
  const hue = [...id].reduce((h, c) => (h + c.charCodeAt(0) * 7) % 360, 0)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="hsl(${hue} 45% 45%)"/><text x="240" y="190" font-size="36" text-anchor="middle" fill="white" font-family="sans-serif">${id}</text></svg>`
}
