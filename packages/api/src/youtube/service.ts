import type { AppDeps } from '../deps'
import type { Video } from './schema'

/** The channel's latest long-form videos, newest first; Shorts have their own section. */
export async function travelVideos(deps: Pick<AppDeps, 'videoSource'>, maxResults: number): Promise<Video[]> {
  return (await deps.videoSource.latestUploads()).filter((v) => !v.isShort).slice(0, maxResults)
}

/** The channel's latest Shorts, newest first (the source already limits uploads to the owner's channel). */
export async function shorts(deps: Pick<AppDeps, 'videoSource'>, maxResults: number): Promise<Video[]> {
  return (await deps.videoSource.latestUploads()).filter((v) => v.isShort).slice(0, maxResults)
}
