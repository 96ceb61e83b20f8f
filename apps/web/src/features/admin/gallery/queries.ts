import { infiniteQueryOptions } from '@tanstack/react-query'
import { getQueryKey } from '@trpc/react-query'
import { trpc, trpcClient, type TrpcUtils } from '../../../lib/trpc'
import { isRateLimited } from '../../../lib/user-message'

// SPEC.md §7, §9: the image host is read 40 at a time; a 429 is retried twice, after 2 s and then 4 s.
export const HOST_PAGE_SIZE = 40
export const RATE_LIMIT_BACKOFF_MS = [2000, 4000] as const
// SPEC.md §9: the published list is read with limit 1000.
const PUBLISHED_LIMIT = 1000

/** What the manager opens with: the configured default folder and which store is behind it. */
export const gallerySettingsQuery = (trpc: TrpcUtils) => trpc.gallery.settings.queryOptions()

/** Every published record, to tell which host images are on /gallery and with what metadata. */
export const publishedRecordsQuery = (trpc: TrpcUtils) =>
  trpc.gallery.published.queryOptions({ limit: PUBLISHED_LIMIT })

/**
 * The image host's folder, page by page behind 'Load more' (the host's cursor). Only a rate limit is retried,
 * on the spec's schedule; the screen reads the failure count to say it is waiting.
 */
export const hostImagesQuery = (folder: string) =>
  infiniteQueryOptions({
    queryKey: getQueryKey(trpc.gallery.hostImages, { folder }, 'infinite'),
    queryFn: ({ pageParam, signal }) =>
      trpcClient.gallery.hostImages.query(
        { folder, limit: HOST_PAGE_SIZE, ...(pageParam ? { next: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
    retry: (failures, error) => isRateLimited(error) && failures < RATE_LIMIT_BACKOFF_MS.length,
    retryDelay: (failures) => RATE_LIMIT_BACKOFF_MS[failures] ?? 0,
    staleTime: 0,
  })
