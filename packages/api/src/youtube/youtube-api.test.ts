import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FAKE_API_KEY, FAKE_CHANNEL_ID, startFakeYouTube, type FakeYouTube } from '@wayfarer/fakes/youtube'
import { UnavailableError, UpstreamError } from '../errors'
import { CachedVideoSource } from './cached-video-source'
import { createYouTubeSource } from './youtube-api'

let fake: FakeYouTube
beforeAll(async () => {
  fake = await startFakeYouTube()
})
afterAll(() => fake.close())

const source = (overrides: { apiKey?: string; channelId?: string; baseUrl?: string; timeoutMs?: number } = {}) =>
  createYouTubeSource({ apiKey: FAKE_API_KEY, channelId: FAKE_CHANNEL_ID, baseUrl: fake.baseUrl, ...overrides })

const failureOf = async (p: Promise<unknown>) => {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  )
  if (!(error instanceof Error)) throw new Error('expected a failure')
  return error
}

describe('the YouTube Data API source against a loopback fake', () => {
  it('spends 3 requests on the first fetch: channels, playlistItems, videos (never search)', async () => {
    fake.calls = { channels: 0, playlistItems: 0, videos: 0 }
    const videos = await source().latestUploads()
    expect(videos).toHaveLength(14) // 15 uploads, one of them from another channel
    expect(fake.calls).toEqual({ channels: 1, playlistItems: 1, videos: 1 })
    expect(fake.requests.at(-1)!.url).toContain('part=snippet%2CcontentDetails%2Cstatistics')
  })

  it('turns a bad key (400 API_KEY_INVALID) into an UpstreamError that names the setting, not the key', async () => {
    const error = await failureOf(source({ apiKey: 'AIza-wrong-key' }).latestUploads())
    expect(error).toBeInstanceOf(UpstreamError)
    expect(error.message).toBe('YouTube rejected the API key: check YOUTUBE_API_KEY')
  })

  it('turns 403 quotaExceeded into a quota message', async () => {
    fake.quotaExceeded = true
    try {
      const error = await failureOf(source().latestUploads())
      expect(error).toBeInstanceOf(UpstreamError)
      expect(error.message).toBe('The YouTube API quota is used up for today: videos will be back when it resets')
    } finally {
      fake.quotaExceeded = false
    }
  })

  it('says which setting to check for an unknown channel', async () => {
    const error = await failureOf(source({ channelId: 'UCnobody' }).latestUploads())
    expect(error.message).toBe('YouTube channel not found: check YOUTUBE_CHANNEL_ID')
  })

  it('fails with UnavailableError, without any request, when no key or channel is configured', async () => {
    const before = fake.requests.length
    for (const s of [source({ apiKey: undefined }), source({ channelId: '' })]) {
      const error = await failureOf(s.latestUploads())
      expect(error).toBeInstanceOf(UnavailableError)
      expect(error.message).toMatch(/YOUTUBE_API_KEY and YOUTUBE_CHANNEL_ID/)
    }
    expect(fake.requests.length).toBe(before)
  })

  it('gives up on a server that never answers instead of hanging', async () => {
    const silent = http.createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const base = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/youtube/v3`
      const error = await failureOf(source({ baseUrl: base, timeoutMs: 200 }).latestUploads())
      expect(error).toBeInstanceOf(UpstreamError)
      expect(error.message).toBe('YouTube did not answer within 0.2 seconds')
    } finally {
      silent.closeAllConnections()
      silent.close()
    }
  })

  it('reports an unreachable service plainly', async () => {
    const error = await failureOf(source({ baseUrl: 'http://127.0.0.1:9/youtube/v3' }).latestUploads())
    expect(error.message).toBe('YouTube could not be reached')
  })

  it('remembers a failure briefly so a bad key costs one request per minute, not one per visitor', async () => {
    let now = 0
    const cached = new CachedVideoSource(source({ apiKey: 'AIza-wrong-key' }), { now: () => now })
    const before = fake.calls.channels
    for (let i = 0; i < 5; i++) await failureOf(cached.latestUploads())
    expect(fake.calls.channels).toBe(before + 1)
    now += 61_000
    await failureOf(cached.latestUploads())
    expect(fake.calls.channels).toBe(before + 2)
  })
})
