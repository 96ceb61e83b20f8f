import { useState } from 'react'
import { useQueryClient, type QueryKey, useMutation } from '@tanstack/react-query'
import { messages } from '@wayfarer/api/messages'
import { statusAfter, type AdminComment, type AdminCommentsOutput, type ModerationAction } from '@wayfarer/api/schemas'
import { trpc } from '../../../lib/trpc'
import { useAuth } from '../../auth/auth-context'
import { toUserMessage } from '../../../lib/user-message'
import { countsDelta, withDeletion, withModeration } from './moderation-cache'
import { useToast } from '../shell/toast-host'

type Snapshot = [QueryKey, AdminCommentsOutput | undefined][]

/**
 * Moderation with optimistic updates: every cached moderation list (any filter or page, and anything else
 * built on comments.adminList) shows the new status and counts at once; a refusal restores the snapshot and
 * says why (the server's words, or the screen's own) until dismissed. Afterwards the lists are read again.
 */
export function useModeration() {
  const queryClient = useQueryClient()
  const auth = useAuth()
  const [failure, setFailure] = useState<string | null>(null)
  const toast = useToast()
  // Every cached page of the moderation list, whatever its filter.
  const lists = trpc.comments.adminList.queryFilter()

  async function applyOptimistically(
    update: (page: AdminCommentsOutput, rows: AdminComment[]) => AdminCommentsOutput,
    ids: number[],
  ) {
    setFailure(null)
    await queryClient.cancelQueries(lists)
    const snapshot: Snapshot = queryClient.getQueriesData<AdminCommentsOutput>(lists)
    const rows = new Map<number, AdminComment>()
    for (const [, page] of snapshot)
      for (const c of page?.comments ?? []) if (ids.includes(c.id) && !rows.has(c.id)) rows.set(c.id, c)
    queryClient.setQueriesData<AdminCommentsOutput>(lists, (page) => page && update(page, [...rows.values()]))
    return snapshot
  }

  const rollback = (snapshot: Snapshot | undefined) => {
    for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data)
  }
  // The moderation lists, the story pages' comments and the dashboard's counts all change.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.comments.pathFilter()),
      queryClient.invalidateQueries(trpc.dashboard.pathFilter()),
    ])

  const moderated = (action: ModerationAction, ids: number[]) => (page: AdminCommentsOutput, rows: AdminComment[]) =>
    withModeration(
      page,
      new Set(ids),
      {
        status: statusAfter[action],
        moderatedAt: new Date().toISOString(),
        moderatedByEmail: auth.user?.email ?? null,
      },
      countsDelta(rows, statusAfter[action]),
    )

  const moderate = useMutation(
    trpc.comments.moderate.mutationOptions({
      onMutate: (vars) => applyOptimistically(moderated(vars.action, [vars.comment_id]), [vars.comment_id]),
      onError: (error, _vars, snapshot) => {
        rollback(snapshot)
        setFailure(toUserMessage(error, messages.moderation.moderateFailed))
      },
      onSuccess: (_data, vars) => toast({ text: moderationNotice(vars.action, 1) }),
      onSettled: refresh,
    }),
  )

  const moderateBulk = useMutation(
    trpc.comments.moderateBulk.mutationOptions({
      onMutate: (vars) => applyOptimistically(moderated(vars.action, vars.comment_ids), vars.comment_ids),
      onError: (error, _vars, snapshot) => {
        rollback(snapshot)
        setFailure(toUserMessage(error, messages.moderation.moderateManyFailed))
      },
      onSuccess: (_data, vars) => toast({ text: moderationNotice(vars.action, vars.comment_ids.length) }),
      onSettled: refresh,
    }),
  )

  const remove = useMutation(
    trpc.comments.delete.mutationOptions({
      onMutate: (vars) =>
        applyOptimistically((page, rows) => withDeletion(page, vars.id, countsDelta(rows, null)), [vars.id]),
      onError: (error, _vars, snapshot) => {
        rollback(snapshot)
        setFailure(toUserMessage(error, messages.moderation.deleteFailed))
      },
      onSuccess: () => toast({ text: 'Comment deleted' }),
      onSettled: refresh,
    }),
  )

  return {
    moderate: (id: number, action: ModerationAction) => moderate.mutate({ comment_id: id, action }),
    moderateMany: (ids: number[], action: ModerationAction) => moderateBulk.mutate({ comment_ids: ids, action }),
    remove: (id: number) => remove.mutate({ id }),
    failure,
    dismissFailure: () => setFailure(null),
  }
}

const moderationVerbs: Record<ModerationAction, string> = {
  approve: 'approved',
  deny: 'denied',
  spam: 'marked as spam',
}

/** "Comment approved", "3 comments marked as spam": what the toast says after a moderation action. */
const moderationNotice = (action: ModerationAction, count: number) =>
  `${count === 1 ? 'Comment' : `${count} comments`} ${moderationVerbs[action]}`
