import type { Video } from './schema'
import type { VideoSource } from './video-source'

export interface VideoCacheOptions {
  now: () => number
  /** Answers younger than this are served without asking upstream. */
  freshMs?: number
  /** Older answers are still served (and refreshed in the background) up to this age. */
  maxStaleMs?: number
  /** After a failure with nothing to serve, callers get the same error for this long instead of a new upstream call. */
  failureMs?: number
  /** Told about background refreshes that failed while stale videos were served. */
  onRefreshError?: (error: unknown) => void
}

/**
 * Stale-while-revalidate in memory: visitors never wait for or spend YouTube quota once an answer is cached, and
 * concurrent callers share one in-flight upstream request. Failures are remembered briefly so a bad key or an
 * exhausted quota is not retried on every page view.
 */
export class CachedVideoSource implements VideoSource {
  private cached: { videos: Video[]; at: number } | null = null
  private failure: { error: unknown; at: number } | null = null
  private inFlight: Promise<Video[]> | null = null
  private readonly freshMs: number
  private readonly maxStaleMs: number
  private readonly failureMs: number

  constructor(
    private readonly source: VideoSource,
    private readonly options: VideoCacheOptions,
  ) {
    this.freshMs = options.freshMs ?? 10 * 60_000
    this.maxStaleMs = options.maxStaleMs ?? 24 * 60 * 60_000
    this.failureMs = options.failureMs ?? 60_000
  }

  get configured(): boolean {
    return this.source.configured !== false
  }

  latestUploads(): Promise<Video[]> {
    const now = this.options.now()
    const failedRecently = this.failure !== null && now - this.failure.at < this.failureMs
    if (this.cached && now - this.cached.at < this.maxStaleMs) {
      if (now - this.cached.at >= this.freshMs && !failedRecently && !this.inFlight) {
        this.refresh().catch((error: unknown) => this.options.onRefreshError?.(error))
      }
      return Promise.resolve(this.cached.videos)
    }
    if (failedRecently && !this.inFlight) return Promise.reject(this.failure!.error)
    return this.refresh()
  }

  private refresh(): Promise<Video[]> {
    this.inFlight ??= this.source.latestUploads().then(
      (videos) => {
        this.cached = { videos, at: this.options.now() }
        this.failure = null
        this.inFlight = null
        return videos
      },
      (error: unknown) => {
        this.failure = { error, at: this.options.now() }
        this.inFlight = null
        throw error
      },
    )
    return this.inFlight
  }
}
