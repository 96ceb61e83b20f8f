import { describe, expect, it } from 'vitest'
import type { AdminComment, AdminCommentsOutput } from '@wayfarer/api/schemas'
import { countsDelta, withDeletion, withModeration } from './moderation-cache'

const comment = (id: number, status: AdminComment['status']): AdminComment => ({
  id,
  post_id: 1,
  author_name: `Reader ${id}`,
  author_email: `r${id}@example.com`,
  author_website: null,
  content: 'A comment long enough.',
  status,
  created_at: '2026-01-01T00:00:00.000Z',
  moderated_at: null,
  moderated_by_email: null,
  post_title: 'Post',
  post_slug: 'post',
})

const page: AdminCommentsOutput = {
  comments: [comment(1, 'pending'), comment(2, 'pending'), comment(3, 'approved')],
  counts: { pending: 2, approved: 1, denied: 0, spam: 0, total: 3 },
  pagination: { page: 1, limit: 20, total: 3, totalPages: 1 },
}

describe('optimistic moderation', () => {
  it('moves rows to the new status and the counts with them', () => {
    const rows = page.comments.filter((c) => c.id === 1 || c.id === 3)
    const delta = countsDelta(rows, 'spam')
    expect(delta).toEqual({ pending: -1, approved: -1, spam: 2 })
    const next = withModeration(
      page,
      new Set([1, 3]),
      { status: 'spam', moderatedAt: 'now', moderatedByEmail: 'o@x' },
      delta,
    )
    expect(next.comments.map((c) => c.status)).toEqual(['spam', 'pending', 'spam'])
    expect(next.comments[0]).toMatchObject({ moderated_at: 'now', moderated_by_email: 'o@x' })
    expect(next.counts).toEqual({ pending: 1, approved: 0, denied: 0, spam: 2, total: 3 })
    expect(page.comments[0]!.status).toBe('pending') // the snapshot used for rollback is untouched
  })

  it('leaves counts alone when a row already has the status', () => {
    expect(countsDelta([comment(3, 'approved')], 'approved')).toEqual({})
  })

  it('removes a deleted row and lowers its status and the total', () => {
    const next = withDeletion(page, 2, countsDelta([comment(2, 'pending')], null))
    expect(next.comments.map((c) => c.id)).toEqual([1, 3])
    expect(next.counts).toEqual({ pending: 1, approved: 1, denied: 0, spam: 0, total: 2 })
  })
})
