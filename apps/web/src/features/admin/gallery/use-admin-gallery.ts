import { useMemo, useState } from 'react'
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData, useMutation } from '@tanstack/react-query'
import type {
  GalleryMetadata,
  HostImage,
  PhotoPlace,
  PhotoPlaceSuggestion,
  PublishedRecord,
} from '@wayfarer/api/schemas'
import { messages } from '@wayfarer/api/messages'
import { trpc } from '../../../lib/trpc'
import { isRateLimited, toUserMessage } from '../../../lib/user-message'
import { hostImagesQuery, publishedRecordsQuery, RATE_LIMIT_BACKOFF_MS } from './queries'

export interface Notice {
  kind: 'success' | 'error' | 'info'
  text: string
}

/** A host image as the manager shows it: the published record's metadata wins over the host's. */
export interface ManagedImage extends HostImage {
  published: boolean
  /** Where the photo was taken, when the owner has said (issue 13). */
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

type HostPages = InfiniteData<{ images: HostImage[]; next: string | null; folder: string }, string | null>

/** State and actions of the admin gallery manager (SPEC.md §2, §7, §8) for one folder of the image host. */
export function useAdminGallery(folder: string) {
  const queryClient = useQueryClient()
  const records = useQuery(publishedRecordsQuery())
  const places = useQuery(trpc.places.photoPlaces.queryOptions())
  const host = useInfiniteQuery(hostImagesQuery(folder))
  const publishMutation = useMutation(trpc.gallery.publish.mutationOptions())
  const unpublishMutation = useMutation(trpc.gallery.unpublish.mutationOptions())
  const deleteMutation = useMutation(trpc.gallery.delete.mutationOptions())
  const placeMutation = useMutation(trpc.places.setPhotoPlace.mutationOptions())
  // The last upload's GPS suggestion, offered until the owner uses or dismisses it.
  const [placeOffer, setPlaceOffer] = useState<{ image: HostImage; suggestion: PhotoPlaceSuggestion } | null>(null)
  // Metadata the AI wrote, kept here until the image is (re)published.
  const [edits, setEdits] = useState<Map<string, GalleryMetadata>>(new Map())
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [busy, setBusy] = useState<Set<string>>(new Set())
  const [actionNotice, setActionNotice] = useState<(Notice & { at: number }) | null>(null)
  // A failed Refresh reads 'Failed to refresh gallery'; a failed Load says what failed.
  const [lastLoad, setLastLoad] = useState<'load' | 'refresh'>('load')

  const notify = (notice: Notice | null) => setActionNotice(notice && { ...notice, at: Date.now() })
  const refreshRecords = () => queryClient.invalidateQueries(trpc.gallery.published.queryFilter())
  const updateHostPages = (change: (pages: HostPages) => HostPages) =>
    queryClient.setQueryData<HostPages>(hostImagesQuery(folder).queryKey, (data) => data && change(data))

  const images = useMemo<ManagedImage[]>(() => {
    const byId = new Map((records.data ?? []).map((r): [string, PublishedRecord] => [r.cloudinary_public_id, r]))
    const placeOf = new Map((places.data ?? []).map((p): [string, PhotoPlace] => [p.public_id, p]))
    // A photo uploaded meanwhile can come again on a later page: each image once.
    const unique = new Map<string, HostImage>()
    for (const page of host.data?.pages ?? [])
      for (const image of page.images) if (!unique.has(image.public_id)) unique.set(image.public_id, image)
    return [...unique.values()].map((image) => {
      const record = byId.get(image.public_id)
      const meta =
        edits.get(image.public_id) ??
        (record
          ? { title: record.title, caption: record.caption, location: record.location, tags: record.tags }
          : undefined)
      return {
        ...image,
        ...meta,
        published: record?.is_published ?? false,
        place: placeOf.get(image.public_id) ?? null,
      }
    })
  }, [host.data, records.data, places.data, edits])

  const loadNotice = ((): (Notice & { at: number }) | null => {
    if (host.isFetching && host.failureCount > 0 && isRateLimited(host.failureReason)) {
      const wait = RATE_LIMIT_BACKOFF_MS[host.failureCount - 1] ?? 0
      const text = `Cloudinary is rate limiting requests. Retrying in ${wait / 1000} s (attempt ${host.failureCount} of ${RATE_LIMIT_BACKOFF_MS.length})…`
      return { kind: 'info', text, at: Infinity }
    }
    const error = records.error ?? host.error
    if (!error) return null
    const at = Math.max(records.errorUpdatedAt, host.errorUpdatedAt)
    if (lastLoad === 'refresh' && !isRateLimited(error))
      return { kind: 'error', text: messages.gallery.refreshFailed, at }
    const fallback = records.error
      ? messages.gallery.loadGalleryFailed
      : isRateLimited(error)
        ? messages.gallery.rateLimited
        : messages.gallery.loadImagesFailed
    return { kind: 'error', text: toUserMessage(error, fallback), at }
  })()
  // Whichever happened last: a load problem, or what the owner's last action did.
  const notice = loadNotice && (!actionNotice || loadNotice.at >= actionNotice.at) ? loadNotice : actionNotice

  const withBusy = async (ids: string[], work: () => Promise<void>) => {
    setBusy((b) => new Set([...b, ...ids]))
    try {
      await work()
    } finally {
      setBusy((b) => new Set([...b].filter((id) => !ids.includes(id))))
    }
  }

  /** Publishing and unpublishing: the records are read again, the selection cleared, and the owner told. */
  const changePublication = (ids: string[], change: () => Promise<unknown>, done: string, failed: string) =>
    withBusy(ids, async () => {
      try {
        await change()
        await refreshRecords()
        setSelected(new Set())
        notify({ kind: 'success', text: done })
      } catch (error) {
        notify({ kind: 'error', text: toUserMessage(error, failed) })
      }
    })

  const publish = (targets: ManagedImage[], single: boolean, success?: string) => {
    if (targets.length === 0) return notify({ kind: 'error', text: messages.gallery.selectToPublish })
    const images: HostImage[] = targets.map(hostFields)
    return changePublication(
      targets.map((t) => t.public_id),
      () => publishMutation.mutateAsync({ images }),
      success ?? (single ? messages.gallery.imagePublished : messages.gallery.published(targets.length)),
      single ? messages.gallery.publishFailedShort : messages.gallery.publishFailed,
    )
  }

  const unpublish = (ids: string[], single: boolean) => {
    if (ids.length === 0) return notify({ kind: 'error', text: messages.gallery.selectToUnpublish })
    const done = single ? messages.gallery.imageUnpublished : messages.gallery.unpublished(ids.length)
    return changePublication(
      ids,
      () => unpublishMutation.mutateAsync({ public_ids: ids }),
      done,
      messages.gallery.unpublishFailed,
    )
  }

  const remove = (image: ManagedImage) =>
    withBusy([image.public_id], async () => {
      try {
        // SPEC.md §7: the image goes from the gallery and from the image host.
        await deleteMutation.mutateAsync({ public_id: image.public_id, alsoCloudinary: true })
        updateHostPages((data) => ({
          ...data,
          pages: data.pages.map((p) => ({ ...p, images: p.images.filter((i) => i.public_id !== image.public_id) })),
        }))
        setSelected((s) => new Set([...s].filter((id) => id !== image.public_id)))
        await refreshRecords()
        notify({ kind: 'success', text: messages.gallery.imageDeleted })
      } catch (error) {
        notify({ kind: 'error', text: toUserMessage(error, messages.gallery.deleteFailed) })
      }
    })

  /** Loads this folder again from its first page (Load and Refresh): the owner sees the host as it is now. */
  const reload = async (mode: 'load' | 'refresh') => {
    setLastLoad(mode)
    notify(null)
    setSelected(new Set())
    await Promise.all([
      refreshRecords(),
      queryClient.resetQueries(trpc.gallery.hostImages.infiniteQueryFilter({ folder })),
    ])
  }

  /** A photo just uploaded into this folder goes first in the list; what its GPS says is offered, not kept. */
  const added = (image: HostImage, suggestion: PhotoPlaceSuggestion | null) => {
    updateHostPages((data) => ({
      ...data,
      pages: data.pages.map((p, i) => (i === 0 ? { ...p, images: [image, ...p.images] } : p)),
    }))
    setPlaceOffer(suggestion && { image, suggestion })
    notify({ kind: 'success', text: messages.gallery.imageUploaded })
  }

  /** Where a photo was taken, saved at once (the record is made, unpublished, for a photo not on /gallery yet). */
  const setPlace = (image: HostImage, change: PhotoPlaceChange) =>
    withBusy([image.public_id], async () => {
      try {
        const { public_id, thumbnail_url: _thumbnail, location: _location, ...fields } = hostFields(image)
        await placeMutation.mutateAsync({ public_id, ...change, image: fields })
        await Promise.all([queryClient.invalidateQueries(trpc.places.photoPlaces.queryFilter()), refreshRecords()])
        notify({ kind: 'success', text: change.latitude === null ? 'Photo taken off the map' : 'Place saved' })
      } catch (error) {
        notify({ kind: 'error', text: toUserMessage(error, 'The place could not be saved') })
      }
    })

  /** New metadata for one image (from the AI button): kept locally, saved when the image is (re)published. */
  const applyMetadata = async (image: ManagedImage, metadata: GalleryMetadata) => {
    setEdits((m) => new Map(m).set(image.public_id, metadata))
    if (image.published) await publish([{ ...image, ...metadata }], true)
  }

  /**
   * Details written by hand: a published photo is published again with them at once (what /gallery shows);
   * an unpublished one keeps them here until it is published.
   */
  const editDetails = async (image: ManagedImage, metadata: GalleryMetadata) => {
    setEdits((m) => new Map(m).set(image.public_id, metadata))
    if (image.published) await publish([{ ...image, ...metadata }], true, messages.gallery.detailsSaved)
    else notify({ kind: 'info', text: messages.gallery.detailsKept })
  }

  return {
    images,
    editDetails,
    next: host.hasNextPage,
    loading: host.isPending || records.isPending,
    loadingMore: host.isFetchingNextPage,
    busy,
    notice,
    notify,
    selected,
    toggle: (id: string) =>
      setSelected((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set(s).add(id))),
    selectAll: () => setSelected(new Set(images.map((i) => i.public_id))),
    clearSelection: () => setSelected(new Set()),
    reload,
    loadMore: () => void host.fetchNextPage(),
    publish,
    unpublish,
    remove,
    added,
    applyMetadata,
    placeOffer,
    dismissPlaceOffer: () => setPlaceOffer(null),
    setPlace,
  }
}

/** The image host's fields of a managed image, without what the manager adds. */
const hostFields = ({
  public_id,
  thumbnail_url,
  url,
  width,
  height,
  format,
  folder,
  title,
  caption,
  location,
  tags,
}: HostImage): HostImage => ({
  public_id,
  thumbnail_url,
  url,
  width,
  height,
  format,
  folder,
  title,
  caption,
  location,
  tags,
})
