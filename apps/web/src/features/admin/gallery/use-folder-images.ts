import { useMemo, useState } from 'react'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import type { GalleryMetadata, HostImage } from '@wayfarer/api/schemas'
import { trpc } from '../../../lib/trpc'
import { hostImagesQuery, publishedRecordsQuery } from './queries'
import { loadNotice, managedImages, type HostPages } from './gallery-images'

/**
 * One folder of the image host as the manager lists it: the host's pages (Load more), the published records and
 * the photos' places read beside them, merged with the owner's unsaved `edits`; and the ways to read it again
 * or change the cached pages after an upload or a delete.
 */
export function useFolderImages(folder: string, edits: ReadonlyMap<string, GalleryMetadata>) {
  const queryClient = useQueryClient()
  const records = useQuery(publishedRecordsQuery())
  const places = useQuery(trpc.places.photoPlaces.queryOptions())
  const host = useInfiniteQuery(hostImagesQuery(folder))
  const [lastLoad, setLastLoad] = useState<'load' | 'refresh'>('load')
  const images = useMemo(
    () => managedImages(host.data?.pages ?? [], records.data ?? [], places.data ?? [], edits),
    [host.data, records.data, places.data, edits],
  )
  const updateHostPages = (change: (pages: HostPages) => HostPages) =>
    queryClient.setQueryData<HostPages>(hostImagesQuery(folder).queryKey, (data) => data && change(data))
  const refreshRecords = () => queryClient.invalidateQueries(trpc.gallery.published.queryFilter())

  return {
    images,
    loading: host.isPending || records.isPending,
    next: host.hasNextPage,
    loadingMore: host.isFetchingNextPage,
    loadMore: () => void host.fetchNextPage(),
    problem: loadNotice({
      host: {
        retrying: host.isFetching,
        failureCount: host.failureCount,
        failureReason: host.failureReason,
        error: host.error,
        errorAt: host.errorUpdatedAt,
      },
      records: { error: records.error, errorAt: records.errorUpdatedAt },
      lastLoad,
    }),
    refreshRecords,
    refreshPlaces: () => queryClient.invalidateQueries(trpc.places.photoPlaces.queryFilter()),
    /** Reads the folder again from its first page (Load and Refresh): the owner sees the host as it is now. */
    reload: async (mode: 'load' | 'refresh') => {
      setLastLoad(mode)
      await Promise.all([
        refreshRecords(),
        queryClient.resetQueries(trpc.gallery.hostImages.infiniteQueryFilter({ folder })),
      ])
    },
    /** A photo just uploaded into this folder goes first in the list. */
    prepend: (image: HostImage) =>
      updateHostPages((data) => ({
        ...data,
        pages: data.pages.map((p, i) => (i === 0 ? { ...p, images: [image, ...p.images] } : p)),
      })),
    /** A deleted photo leaves the cached pages at once. */
    drop: (publicId: string) =>
      updateHostPages((data) => ({
        ...data,
        pages: data.pages.map((p) => ({ ...p, images: p.images.filter((i) => i.public_id !== publicId) })),
      })),
  }
}
