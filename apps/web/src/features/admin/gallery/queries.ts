import { trpc } from '../../../lib/trpc'
import { isRateLimited } from '../../../lib/user-message'

// The image host is read 40 at a time; a rate-limited read (429) is retried twice, after 2 s and then 4 s, before
// the screen gives up (docs/product.md, "Admin: gallery").
export const HOST_PAGE_SIZE = 40
export const RATE_LIMIT_BACKOFF_MS = [2000, 4000] as const
// Every published record in one read: the manager marks which host images are on /gallery.
const PUBLISHED_LIMIT = 1000

/** What the manager opens with: the configured default folder and which store is behind it. */
export const gallerySettingsQuery = () => trpc.gallery.settings.queryOptions()

/** Every published record, to tell which host images are on /gallery and with what metadata. */
export const publishedRecordsQuery = () => trpc.gallery.published.queryOptions({ limit: PUBLISHED_LIMIT })

/**
 * The image host's folder, page by page behind 'Load more' (the host's `next` token is the cursor; the first
 * page is asked without one). Only a rate limit is retried; the screen reads the failure count to say it is waiting.
 */
export const hostImagesQuery = (folder: string) =>
  trpc.gallery.hostImages.infiniteQueryOptions(
    { folder, limit: HOST_PAGE_SIZE },
    {
      getNextPageParam: (last) => last.next ?? undefined,
      retry: (failures, error) => isRateLimited(error) && failures < RATE_LIMIT_BACKOFF_MS.length,
      retryDelay: (failures) => RATE_LIMIT_BACKOFF_MS[failures] ?? 0,
      staleTime: 0,
      // Another folder opened: the previous folder's read is cancelled.
      trpc: { abortOnUnmount: true },
    },
  )
