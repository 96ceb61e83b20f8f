import type { Video } from './schema'

/**
 * Where the home page's videos come from: the owner's channel uploads, newest first, already limited to
 * that channel. Implementations throw UpstreamError / UnavailableError with a message safe to show.
 */
export interface VideoSource {
  latestUploads(): Promise<Video[]>
  /** False when no channel is set up: the home page then leaves the video sections out for visitors. */
  readonly configured?: boolean
}
