import type { AdminComment, AdminCommentsOutput, CommentCounts, CommentStatus } from '@wayfarer/api/schemas'

/** How the tile counts move when some comments change status or disappear. */
export type CountsDelta = Partial<Record<keyof CommentCounts, number>>

/** The counts change of moving the given rows to `status` (or deleting them, when status is null). */
export function countsDelta(rows: Pick<AdminComment, 'status'>[], status: CommentStatus | null): CountsDelta {
  const delta: CountsDelta = {}
  for (const row of rows) {
    if (row.status === status) continue
    delta[row.status] = (delta[row.status] ?? 0) - 1
    if (status) delta[status] = (delta[status] ?? 0) + 1
    else delta.total = (delta.total ?? 0) - 1
  }
  return delta
}

export function applyCountsDelta(counts: CommentCounts, delta: CountsDelta): CommentCounts {
  const next = { ...counts }
  for (const [key, change] of Object.entries(delta) as [keyof CommentCounts, number][])
    next[key] = Math.max(0, next[key] + change)
  return next
}

/** One cached page after an optimistic moderation: the rows show their new status, the tiles the new counts. */
export function withModeration(
  page: AdminCommentsOutput,
  ids: ReadonlySet<number>,
  change: { status: CommentStatus; moderatedAt: string; moderatedByEmail: string | null },
  delta: CountsDelta,
): AdminCommentsOutput {
  return {
    ...page,
    counts: applyCountsDelta(page.counts, delta),
    comments: page.comments.map((c) =>
      ids.has(c.id)
        ? { ...c, status: change.status, moderated_at: change.moderatedAt, moderated_by_email: change.moderatedByEmail }
        : c,
    ),
  }
}

/** One cached page after an optimistic delete: the row is gone and the counts are down. */
export function withDeletion(page: AdminCommentsOutput, id: number, delta: CountsDelta): AdminCommentsOutput {
  return { ...page, counts: applyCountsDelta(page.counts, delta), comments: page.comments.filter((c) => c.id !== id) }
}
