import { useMutation, useQueryClient } from '@tanstack/react-query'
import { messages } from '@wayfarer/api/messages'
import { trpc } from '../../../lib/trpc'
import { formatDateTime } from '../../../lib/dates'
import { useToast } from '../shell/toast-host'

/** Restores one version of the story. `before` is the version that was newest, so Undo can restore it in turn. */
export interface RestoreRequest {
  revisionId: number
  createdAt: string
  before: number | null
}

/**
 * Restoring a version from the editor's history: the server saves the post with that version's text (a new
 * revision), the form is loaded again with it (`reload`), and a toast offers Undo, which restores the version
 * that was newest before. Kept by the edit screen rather than the form, which is rebuilt by the reload.
 */
export function useRevisionRestore(postId: number, reload: () => Promise<void>) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const mutation = useMutation(trpc.posts.restoreRevision.mutationOptions())

  const restore = async ({ revisionId, createdAt, before }: RestoreRequest, undoing = false): Promise<void> => {
    try {
      await mutation.mutateAsync({ id: postId, revision_id: revisionId })
    } catch {
      toast({ text: messages.posts.restoreFailed, tone: 'error' })
      return
    }
    await queryClient.invalidateQueries(trpc.posts.pathFilter())
    await reload()
    if (undoing) return toast({ text: 'Restore undone' })
    toast({
      text: `Restored the version of ${formatDateTime(createdAt)}`,
      ...(before === null
        ? {}
        : {
            action: {
              label: 'Undo',
              onClick: () => void restore({ revisionId: before, createdAt, before: null }, true),
            },
          }),
    })
  }
  return { restore, restoring: mutation.isPending }
}
