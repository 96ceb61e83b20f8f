import { z } from 'zod'
import { UnavailableError, UpstreamError } from '../errors'
import { isShort } from './shorts'
import type { Video } from './schema'
import type { VideoSource } from './video-source'

export interface YouTubeSettings {
  apiKey: string | undefined
  channelId: string | undefined
  /** https://www.googleapis.com/youtube/v3 in production; a loopback fake in tests. */
  baseUrl: string
  timeoutMs?: number
}

const thumb = z.object({ url: z.string() }).optional()
const channelsResponse = z.object({
  items: z
    .array(z.object({ contentDetails: z.object({ relatedPlaylists: z.object({ uploads: z.string() }) }) }))
    .default([]),
})
const playlistItemsResponse = z.object({
  items: z.array(z.object({ contentDetails: z.object({ videoId: z.string() }) })).default([]),
})
const videosResponse = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        snippet: z.object({
          title: z.string(),
          description: z.string().default(''),
          publishedAt: z.string(),
          channelId: z.string(),
          channelTitle: z.string(),
          thumbnails: z.object({ default: thumb, medium: thumb, high: thumb }).default({}),
        }),
        contentDetails: z.object({ duration: z.string().default('P0D') }).default({ duration: 'P0D' }),
        statistics: z
          .object({
            viewCount: z.string().optional(),
            likeCount: z.string().optional(),
            commentCount: z.string().optional(),
          })
          .default({}),
      }),
    )
    .default([]),
})
const errorResponse = z.object({
  error: z.object({
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
    details: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
})

const NOT_CONFIGURED =
  'YouTube is not configured: set YOUTUBE_API_KEY and YOUTUBE_CHANNEL_ID to show the channel’s videos'

/** Picks the real Data API source when a key and channel are configured, otherwise one that says what is missing. */
export function createYouTubeSource(settings: YouTubeSettings): VideoSource {
  const { apiKey, channelId } = settings
  if (!apiKey || !channelId) {
    return {
      configured: false,
      latestUploads: () => Promise.reject(new UnavailableError(NOT_CONFIGURED)),
    }
  }
  return new YouTubeDataApiSource({ ...settings, apiKey, channelId })
}

/**
 * The channel's latest uploads for 3 quota units (channels.list -> playlistItems.list -> videos.list); search.list
 * would cost 100. The key travels in the X-Goog-Api-Key header so no URL ever carries it.
 */
export class YouTubeDataApiSource implements VideoSource {
  private uploadsPlaylistId: string | null = null
  private readonly timeoutMs: number

  constructor(private readonly settings: YouTubeSettings & { apiKey: string; channelId: string }) {
    this.timeoutMs = settings.timeoutMs ?? 3_000
  }

  async latestUploads(): Promise<Video[]> {
    const playlistId = this.uploadsPlaylistId ?? (await this.findUploadsPlaylist())
    const playlist = await this.get(
      'playlistItems',
      { part: 'contentDetails', playlistId, maxResults: '50' },
      playlistItemsResponse,
    )
    const ids = playlist.items.map((item) => item.contentDetails.videoId)
    if (ids.length === 0) return []
    const details = await this.get(
      'videos',
      { part: 'snippet,contentDetails,statistics', id: ids.join(','), maxResults: '50' },
      videosResponse,
    )
    return details.items
      .filter((item) => item.snippet.channelId === this.settings.channelId)
      .map(toVideo)
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
  }

  private async findUploadsPlaylist(): Promise<string> {
    const channels = await this.get(
      'channels',
      { part: 'contentDetails', id: this.settings.channelId },
      channelsResponse,
    )
    const uploads = channels.items[0]?.contentDetails.relatedPlaylists.uploads
    if (!uploads) throw new UpstreamError('YouTube channel not found: check YOUTUBE_CHANNEL_ID')
    this.uploadsPlaylistId = uploads
    return uploads
  }

  private async get<T>(resource: string, params: Record<string, string>, schema: z.ZodType<T>): Promise<T> {
    const url = `${this.settings.baseUrl.replace(/\/$/, '')}/${resource}?${new URLSearchParams(params)}`
    let res: Response
    try {
      res = await fetch(url, {
        headers: { 'x-goog-api-key': this.settings.apiKey, accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      })
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new UpstreamError(`YouTube did not answer within ${this.timeoutMs / 1000} seconds`)
      }
      throw new UpstreamError('YouTube could not be reached')
    }
    const body: unknown = await res.json().catch(() => null)
    if (!res.ok) throw errorFor(res.status, body)
    const parsed = schema.safeParse(body)
    if (!parsed.success) throw new UpstreamError('YouTube sent an answer Wayfarer could not read')
    return parsed.data
  }
}

function errorFor(status: number, body: unknown): UpstreamError {
  const parsed = errorResponse.safeParse(body)
  const reasons = parsed.success
    ? [...(parsed.data.error.errors ?? []), ...(parsed.data.error.details ?? [])].map((e) => e.reason)
    : []
  if (reasons.includes('API_KEY_INVALID') || reasons.includes('keyInvalid')) {
    return new UpstreamError('YouTube rejected the API key: check YOUTUBE_API_KEY')
  }
  if (
    reasons.includes('quotaExceeded') ||
    reasons.includes('dailyLimitExceeded') ||
    reasons.includes('rateLimitExceeded')
  ) {
    return new UpstreamError('The YouTube API quota is used up for today: videos will be back when it resets')
  }
  if (status === 403)
    return new UpstreamError('YouTube refused the request: is the YouTube Data API enabled for this key?')
  if (status === 404) return new UpstreamError('YouTube channel not found: check YOUTUBE_CHANNEL_ID')
  return new UpstreamError(`YouTube answered with HTTP ${status}`)
}

type ApiVideo = z.infer<typeof videosResponse>['items'][number]

function toVideo(item: ApiVideo): Video {
  const { snippet, contentDetails, statistics } = item
  // Every upload has these three sizes on i.ytimg.com; the API omits a size only for very old videos.
  const fallback = (size: string) => `https://i.ytimg.com/vi/${item.id}/${size}.jpg`
  const video = {
    id: item.id,
    title: snippet.title,
    description: snippet.description,
    thumbnail: {
      default: snippet.thumbnails.default?.url ?? fallback('default'),
      medium: snippet.thumbnails.medium?.url ?? fallback('mqdefault'),
      high: snippet.thumbnails.high?.url ?? fallback('hqdefault'),
    },
    publishedAt: snippet.publishedAt,
    channelTitle: snippet.channelTitle,
    duration: contentDetails.duration,
    viewCount: statistics.viewCount ?? '0',
    likeCount: statistics.likeCount ?? null,
    commentCount: statistics.commentCount ?? null,
  }
  return { ...video, isShort: isShort(video) }
}
