// The status vocabularies, with no zod: the web app's route definitions (loaded on every page) use them to
// read the URL, and the schemas build their enums from them.

export const postStatuses = ['draft', 'published', 'archived', 'scheduled'] as const

export const commentStatuses = ['pending', 'approved', 'denied', 'spam'] as const
/** The moderation screen's filters: every status, or all of them. */
export const commentStatusFilters = ['all', ...commentStatuses] as const
export type CommentStatusFilter = (typeof commentStatusFilters)[number]

/** A follower by e-mail: mail goes to confirmed ones only (docs/followers.md). */
export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed', 'bounced'] as const
export const subscriberStatusFilters = ['all', ...subscriberStatuses] as const
