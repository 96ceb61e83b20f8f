import type { InfiniteData } from '@tanstack/react-query'
import type { GalleryMetadata, HostImage, PhotoPlace, PublishedRecord } from '@wayfarer/api/schemas'
import { messages } from '@wayfarer/api/messages'
import { isRateLimited, toUserMessage } from '../../../lib/user-message'
import { RATE_LIMIT_BACKOFF_MS } from './queries'

export interface Notice {
  kind: 'success' | 'error' | 'info'
  text: string
}
/** A notice with when it happened: the manager shows the latest of a load problem and an action's outcome. */
export type TimedNotice = Notice & { at: number }

/** A host image as the manager shows it: the published record's metadata wins over the host's. */
export interface ManagedImage extends HostImage {
  published: boolean
  /** Where the photo was taken, when the owner has said. */
  place: PhotoPlace | null
}

/** A point for a photo, with the location text and time that go with it. */
export interface PhotoPlaceChange {
  latitude: number | null
  longitude: number | null
  country_code: string | null
  location?: string
  taken_at?: string | null
}

/** The host folder's pages as the infinite query keeps them. */
export type HostPages = InfiniteData<{ images: HostImage[]; next: string | null; folder: string }, string | null>

/**
 * The folder's images as the manager lists them: each once (a photo uploaded meanwhile can come again on a later
 * page), with the metadata of local edits, else of its published record, else the host's; published or not; and
 * its place on the map.
 */
export function managedImages(
  pages: HostPages['pages'],
  records: PublishedRecord[],
  places: PhotoPlace[],
  edits: ReadonlyMap<string, GalleryMetadata>,
): ManagedImage[] {
  const byId = new Map(records.map((r): [string, PublishedRecord] => [r.cloudinary_public_id, r]))
  const placeOf = new Map(places.map((p): [string, PhotoPlace] => [p.public_id, p]))
  const unique = new Map<string, HostImage>()
  for (const page of pages)
    for (const image of page.images) if (!unique.has(image.public_id)) unique.set(image.public_id, image)
  return [...unique.values()].map((image) => {
    const record = byId.get(image.public_id)
    const meta =
      edits.get(image.public_id) ??
      (record
        ? { title: record.title, caption: record.caption, location: record.location, tags: record.tags }
        : undefined)
    return { ...image, ...meta, published: record?.is_published ?? false, place: placeOf.get(image.public_id) ?? null }
  })
}

/** What the two reads behind the manager (the host folder, the published records) say went wrong, if anything. */
export interface LoadState {
  host: { retrying: boolean; failureCount: number; failureReason: unknown; error: unknown; errorAt: number }
  records: { error: unknown; errorAt: number }
  /** What the owner asked for last: a failed Refresh reads 'Failed to refresh gallery', a failed Load says what. */
  lastLoad: 'load' | 'refresh'
}

/**
 * The notice for the reads: the wait while a rate-limited read of the host is retried, or what failed (the
 * server's words when it gave some).
 */
export function loadNotice({ host, records, lastLoad }: LoadState): TimedNotice | null {
  if (host.retrying && host.failureCount > 0 && isRateLimited(host.failureReason)) {
    const wait = RATE_LIMIT_BACKOFF_MS[host.failureCount - 1] ?? 0
    const text = `Cloudinary is rate limiting requests. Retrying in ${wait / 1000} s (attempt ${host.failureCount} of ${RATE_LIMIT_BACKOFF_MS.length})…`
    return { kind: 'info', text, at: Infinity }
  }
  const error = records.error ?? host.error
  if (!error) return null
  const at = Math.max(records.errorAt, host.errorAt)
  if (lastLoad === 'refresh' && !isRateLimited(error))
    return { kind: 'error', text: messages.gallery.refreshFailed, at }
  const fallback = records.error
    ? messages.gallery.loadGalleryFailed
    : isRateLimited(error)
      ? messages.gallery.rateLimited
      : messages.gallery.loadImagesFailed
  return { kind: 'error', text: toUserMessage(error, fallback), at }
}

/** The image host's fields of a managed image, without what the manager adds (published, place). */
export function hostFields(image: HostImage & Partial<Pick<ManagedImage, 'published' | 'place'>>): HostImage {
  const { published: _published, place: _place, ...host } = image
  return host
}
