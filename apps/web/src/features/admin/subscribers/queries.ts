import { subscriberStatusFilters } from '@wayfarer/api/schemas'
import { choiceParam, pageParam, z } from '../../../lib/search-params'
import { trpc } from '../../../lib/trpc'

export const SUBSCRIBERS_PAGE_SIZE = 25

/** What the followers list shows; kept in the URL (/admin/subscribers?status=confirmed&search=ann&page=2). */
export const subscribersView = z.object({
  status: choiceParam(subscriberStatusFilters, 'all'),
  page: pageParam,
  search: z.catch(z.optional(z.string().check(z.trim(), z.maxLength(200))), undefined),
})
export type SubscribersView = z.output<typeof subscribersView>

export const subscribersQuery = (view: SubscribersView) =>
  trpc.newsletter.list.queryOptions(
    { status: view.status, page: view.page, limit: SUBSCRIBERS_PAGE_SIZE, search: view.search ?? '' },
    { staleTime: 0 },
  )

export const outboxQuery = () => trpc.newsletter.outbox.queryOptions(undefined, { staleTime: 0 })
export const mailSettingsQuery = () => trpc.newsletter.settings.queryOptions()

// While a story goes out its counts move: look again every few seconds until nothing is pending.
export const sendsQuery = () =>
  trpc.newsletter.sends.queryOptions(undefined, {
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.sends.some((s) => s.pending + s.sending > 0) ? 5_000 : false),
  })
