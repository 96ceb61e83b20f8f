import { useCallback, useEffect, useRef, useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { hasStoryContent } from '@wayfarer/api/schemas'
import { trpc } from '../../../lib/trpc'
import { postPayload, type PostFormValues } from './post-form-state'

/** How long typing must pause before the story is saved by itself. */
export const AUTOSAVE_DELAY_MS = 2000

/** A draft saved without a title yet takes this one; the form keeps its empty title until the owner writes one. */
const UNTITLED = 'Untitled draft'

export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'kept' | 'failed'

const same = (a: PostFormValues, b: PostFormValues) => JSON.stringify(a) === JSON.stringify(b)

/**
 * The editor's autosave (docs/product.md, "Editor"): 2 s after typing stops, and at once when the tab is hidden or
 * closed, the story is sent to `posts.autosave`, which saves a draft and keeps a published or scheduled story's
 * changes as a revision only (never publishing them). A new story is created as a draft by its first autosave; the
 * address then shows its edit page (a route mask: the form stays mounted, the cursor where it was, and a reload
 * opens the saved post). `saved` is what the post itself now holds, for the unsaved-changes question.
 */
export function useAutosave(postId: number | null, values: PostFormValues, initial: PostFormValues) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const autosave = useMutation(trpc.posts.autosave.mutationOptions())
  const create = useMutation(trpc.posts.create.mutationOptions())
  const [status, setStatus] = useState<AutosaveStatus>('idle')
  const [saved, setSaved] = useState(initial)
  const [createdId, setCreatedId] = useState<number | null>(null)
  // `revision`: the revision this editor's last autosave wrote, which the next one may replace.
  const latest = useRef({ values, sent: initial, id: postId ?? createdId, revision: undefined as number | undefined })
  latest.current.values = values
  latest.current.id = postId ?? createdId
  const running = useRef<Promise<void> | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const send = useCallback(async () => {
    const { values: now, sent, id, revision } = latest.current
    if (same(now, sent) || !hasStoryContent(now.content)) return
    const body = { ...postPayload(now), title: now.title.trim() || UNTITLED }
    setStatus('saving')
    try {
      if (id !== null) {
        const answer = await autosave.mutateAsync({ ...body, id, ...(revision ? { revision_id: revision } : {}) })
        latest.current.revision = answer.revision_id
        if (answer.kept === 'post') setSaved(now)
        setStatus(answer.kept === 'post' ? 'saved' : 'kept')
      } else {
        const { id: created } = await create.mutateAsync({ ...body, status: 'draft' })
        setCreatedId(created)
        latest.current.id = created
        setSaved(now)
        setStatus('saved')
        await navigate({
          to: '/admin/posts/new',
          // The router skips a navigation to where it already is; the state makes this one a new entry.
          state: (previous) => ({ ...previous, draftId: created }),
          mask: { to: '/admin/posts/edit/$id', params: { id: String(created) }, unmaskOnReload: true },
          replace: true,
          ignoreBlocker: true,
        })
      }
      latest.current.sent = now
      // Typing went on during the request: the next pause saves that.
      if (!same(latest.current.values, now)) setStatus('pending')
      void queryClient.invalidateQueries(trpc.posts.revisions.pathFilter())
    } catch {
      // Kept in the form; the next pause or save tries again.
      setStatus('failed')
    }
  }, [autosave, create, navigate, queryClient])

  /** Saves now (one save at a time: a request during another waits for it, then sends the newest text). */
  const flush = useCallback(async () => {
    clearTimeout(timer.current)
    while (running.current) await running.current
    running.current = send().finally(() => (running.current = null))
    await running.current
  }, [send])

  /** Before an explicit save: no autosave runs or is waiting. */
  const settle = useCallback(async () => {
    clearTimeout(timer.current)
    while (running.current) await running.current
    latest.current.sent = latest.current.values
  }, [])

  useEffect(() => {
    clearTimeout(timer.current)
    if (same(values, latest.current.sent)) return
    setStatus((now) => (now === 'saving' ? now : 'pending'))
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS)
    return () => clearTimeout(timer.current)
  }, [values, flush])

  useHiddenPage(flush)
  return { status, saved, createdId, flush, settle }
}

/** Runs `onHidden` when the tab is hidden or the page goes away (closing, reloading, navigating elsewhere). */
function useHiddenPage(onHidden: () => Promise<void>) {
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') void onHidden()
    }
    const leaving = () => void onHidden()
    document.addEventListener('visibilitychange', hidden)
    window.addEventListener('pagehide', leaving)
    return () => {
      document.removeEventListener('visibilitychange', hidden)
      window.removeEventListener('pagehide', leaving)
    }
  }, [onHidden])
}
