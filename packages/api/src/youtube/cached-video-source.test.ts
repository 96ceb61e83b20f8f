import { describe, expect, it } from 'vitest'
import { CachedVideoSource } from './cached-video-source'
import type { Video } from './schema'
import type { VideoSource } from './video-source'

const video = (title: string): Video => ({
  id: 'abcdefghijk',
  title,
  description: '',
  thumbnail: { default: '', medium: '', high: '' },
  publishedAt: '2026-01-01T00:00:00Z',
  channelTitle: 'c',
  duration: 'PT5M',
  viewCount: '1',
  likeCount: null,
  commentCount: null,
  isShort: false,
})

/** An upstream whose answers the test releases by hand, counting how often it was asked. */
function controlledUpstream() {
  const pending: { resolve: (v: Video[]) => void; reject: (e: Error) => void }[] = []
  const upstream: VideoSource & { calls: number } = {
    calls: 0,
    latestUploads() {
      upstream.calls += 1
      return new Promise<Video[]>((resolve, reject) => pending.push({ resolve, reject }))
    },
  }
  return {
    upstream,
    answer: (title: string) => pending.shift()!.resolve([video(title)]),
    fail: (e: Error) => pending.shift()!.reject(e),
  }
}

describe('CachedVideoSource', () => {
  it('shares one in-flight request between concurrent callers', async () => {
    const { upstream, answer } = controlledUpstream()
    const cache = new CachedVideoSource(upstream, { now: () => 0 })
    const calls = Array.from({ length: 25 }, () => cache.latestUploads())
    answer('one')
    expect((await Promise.all(calls)).every((v) => v[0]!.title === 'one')).toBe(true)
    expect(upstream.calls).toBe(1)
  })

  it('serves stale answers at once and refreshes once in the background', async () => {
    let now = 0
    const { upstream, answer } = controlledUpstream()
    const cache = new CachedVideoSource(upstream, { now: () => now, freshMs: 100 })
    const first = cache.latestUploads()
    answer('old')
    await first
    now = 150
    expect((await cache.latestUploads())[0]!.title).toBe('old')
    expect((await cache.latestUploads())[0]!.title).toBe('old')
    expect(upstream.calls).toBe(2)
    answer('new')
    await expect.poll(async () => (await cache.latestUploads())[0]!.title).toBe('new')
    expect(upstream.calls).toBe(2)
  })

  it('keeps serving cached videos when a refresh fails, and reports it', async () => {
    let now = 0
    const reported: unknown[] = []
    const { upstream, answer, fail } = controlledUpstream()
    const cache = new CachedVideoSource(upstream, {
      now: () => now,
      freshMs: 100,
      failureMs: 50,
      onRefreshError: (e) => reported.push(e),
    })
    const first = cache.latestUploads()
    answer('kept')
    await first
    now = 200
    expect((await cache.latestUploads())[0]!.title).toBe('kept')
    fail(new Error('quota'))
    await expect.poll(() => reported.length).toBe(1)
    // Within failureMs no new refresh starts; afterwards one does.
    expect((await cache.latestUploads())[0]!.title).toBe('kept')
    expect(upstream.calls).toBe(2)
    now = 260
    expect((await cache.latestUploads())[0]!.title).toBe('kept')
    expect(upstream.calls).toBe(3)
  })

  it('stops serving answers older than maxStaleMs and waits for a fresh one', async () => {
    let now = 0
    const { upstream, answer } = controlledUpstream()
    const cache = new CachedVideoSource(upstream, { now: () => now, freshMs: 10, maxStaleMs: 100 })
    const first = cache.latestUploads()
    answer('ancient')
    await first
    now = 500
    const next = cache.latestUploads()
    answer('current')
    expect((await next)[0]!.title).toBe('current')
  })
})
