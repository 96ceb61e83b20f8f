import type { Video } from './schema'

/**
 * Where the home page's videos come from: the owner's channel uploads, newest first, already limited to
 * that channel. Implementations throw UpstreamError / UnavailableError with a message safe to show.
 */
export interface VideoSource {
  latestUploads(): Promise<Video[]>
}
