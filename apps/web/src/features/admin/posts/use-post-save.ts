import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { messages } from '@wayfarer/api/messages'
import type { PostStatusValue } from '@wayfarer/api/schemas'
import { trpc } from '../../../lib/trpc'
import { toUserMessage } from '../../../lib/user-message'
import { useToast } from '../shell/toast-host'
import { postPayload, type PostFormValues } from './post-form-state'

/** The post being edited; absent on /admin/posts/new. */
export interface EditedPost {
  id: number
  status: PostStatusValue
  publishedAt?: string | null
}

/**
 * Saving the form: create or update with the requested status (and the time, when scheduling). A success is
 * said in a toast. The first save of a new post stays in the editor: the URL becomes the post's edit route, where
 * pictures, the featured image and a route can be uploaded; a later save returns to /admin/posts. A failure is
 * said in a toast and the form stays as it is, so nothing typed is lost. `beforeLeaving` runs just before the
 * URL changes (the unsaved-changes guard). A post the autosave created is still new here: its first explicit save
 * stays in the editor too. An owner who left while the save ran (the Back link) stays where they went.
 */
export function usePostSave(
  post: EditedPost | undefined,
  values: PostFormValues,
  beforeLeaving: () => void,
  autosave: { createdId: number | null; settle: () => Promise<void> },
) {
  const navigate = useNavigate()
  const router = useRouter()
  const queryClient = useQueryClient()
  const toast = useToast()
  const create = useMutation(trpc.posts.create.mutationOptions())
  const update = useMutation(trpc.posts.update.mutationOptions())
  // A refusal about the story's trip (it lies outside the trip's dates) is said next to the trip picker too.
  const [tripError, setTripError] = useState<string | null>(null)

  const save = async (status?: PostStatusValue, publishAt?: string, emailFollowers?: boolean) => {
    const when = {
      ...(publishAt ? { published_at: publishAt } : {}),
      ...(emailFollowers === undefined ? {} : { email_followers: emailFollowers }),
    }
    setTripError(null)
    // An autosave may have created the post already (then this first save updates it) or be under way.
    await autosave.settle()
    const editorAt = router.state.location.href
    const id = post?.id ?? autosave.createdId
    let created: number | null = post ? null : autosave.createdId
    try {
      if (id !== null)
        await update.mutateAsync({ id, ...postPayload(values, status ?? (post ? undefined : 'draft')), ...when })
      else created = (await create.mutateAsync({ ...postPayload(values, status ?? 'draft'), ...when })).id
    } catch (error) {
      const text = toUserMessage(error, '')
      if (isAboutTrip(text)) setTripError(text)
      toast({ text: post ? messages.posts.updateFailed : messages.posts.createFailed, tone: 'error' })
      return
    }
    toast({ text: savedMessage(values.title, post?.status, status) })
    beforeLeaving()
    await queryClient.invalidateQueries(trpc.posts.pathFilter())
    await queryClient.invalidateQueries(trpc.dashboard.pathFilter())
    if (router.state.location.href !== editorAt) return
    if (created !== null)
      await navigate({ to: '/admin/posts/edit/$id', params: { id: String(created) }, replace: true })
    else await navigate({ to: '/admin/posts' })
  }
  return { save, saving: create.isPending || update.isPending, tripError }
}

const isAboutTrip = (text: string) =>
  text.includes('outside the trip') || text === messages.trips.notFound || text.startsWith('When it happened')

/** What the toast says after a save: published, scheduled, unpublished or saved. */
function savedMessage(
  title: string,
  before: PostStatusValue | undefined,
  requested: PostStatusValue | undefined,
): string {
  const name = `“${title.trim()}”`
  if (requested === 'published' && before !== 'published') return `${name} is published`
  if (requested === 'scheduled') return `${name} is scheduled`
  if (requested === 'draft' && before === 'published') return `${name} is unpublished and back to draft`
  return before ? `Changes to ${name} saved` : `${name} saved as a draft`
}
