import { trpc } from '../../../lib/trpc'

/** Every trip, drafts included, fetched again each time the list is shown. */
export const adminTripsQuery = () => trpc.trips.adminList.queryOptions(undefined, { staleTime: 0 })

/** A trip as its editor starts from it: the fields, the figures and its stories in day order. */
export const adminTripQuery = (id: number) => trpc.trips.adminById.queryOptions({ id }, { retry: false, staleTime: 0 })

/** The published gallery photos a cover is chosen from. */
export const coverChoicesQuery = () => trpc.gallery.list.queryOptions({ limit: 100 }, { staleTime: 60_000 })
