import { useEffect, useState } from 'react'
import { useQueryClient, useMutation, useQuery } from '@tanstack/react-query'
import { IMPORT_FILE_FIELD, IMPORT_UPLOAD_PATH, uploadedImport, type ImportJob } from '@wayfarer/api/schemas'
import { trpc } from '../../../lib/trpc'
import { uploadFile } from '../../../lib/upload'
import { toUserMessage } from '../../../lib/user-message'

const POLL_MS = 400
// The import being followed, kept for this tab: leaving the screen while a long import runs and coming back
// shows its progress (or report) again.
const FOLLOWED = 'wayfarer.import'
const followed = {
  get: () => sessionStorage.getItem(FOLLOWED),
  set: (id: string | null) => (id ? sessionStorage.setItem(FOLLOWED, id) : sessionStorage.removeItem(FOLLOWED)),
}
export const isRunning = (job: ImportJob | undefined) => job?.state === 'checking' || job?.state === 'importing'

export interface ImportChoices {
  siteUrl: string
  includePages: boolean
  publish: boolean
}

/**
 * One import as the screen walks through it: upload (with its progress), the dry run, the import, each polled
 * from `transfer.status` while the server works, and the report at the end.
 */
export function useImportJob() {
  const { id, job, follow, forget } = useFollowedImport()
  const [uploadProgress, setUploadProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const check = useMutation(trpc.transfer.check.mutationOptions())
  const start = useMutation(trpc.transfer.start.mutationOptions())
  const discard = useMutation(trpc.transfer.discard.mutationOptions())

  async function uploadAndCheck(file: File, choices: ImportChoices) {
    setError(null)
    setUploadProgress(0)
    try {
      const uploaded = await uploadFile(IMPORT_UPLOAD_PATH, IMPORT_FILE_FIELD, file, uploadedImport, setUploadProgress)
      setUploadProgress(null)
      follow(
        await check.mutateAsync({
          id: uploaded.id,
          site_url: choices.siteUrl.trim(),
          include_pages: choices.includePages,
          publish: choices.publish,
        }),
      )
    } catch (e) {
      setError(toUserMessage(e, 'The file could not be uploaded', 'Upload failed. Please try again.'))
    } finally {
      setUploadProgress(null)
    }
  }

  async function runImport() {
    if (!id) return
    setError(null)
    try {
      follow(await start.mutateAsync({ id }))
    } catch (e) {
      setError(
        toUserMessage(
          e,
          'The import could not be started',
          'Could not reach the server. Please check your connection.',
        ),
      )
    }
  }

  /** Back to choosing a file; an upload that was not imported is removed from the server. */
  async function reset() {
    if (id && job && job.state !== 'done' && !isRunning(job)) await discard.mutateAsync({ id }).catch(() => undefined)
    forget()
    setError(null)
  }

  return {
    job,
    uploadProgress,
    error,
    busy: uploadProgress !== null || check.isPending || start.isPending || isRunning(job),
    uploadAndCheck,
    runImport,
    reset,
  }
}

/** The import this tab follows (kept across visits to the screen), read from the server while it runs. */
function useFollowedImport() {
  const queryClient = useQueryClient()
  const [id, setId] = useState<string | null>(followed.get)
  const status = useQuery(
    trpc.transfer.status.queryOptions(
      { id: id ?? '' },
      {
        enabled: id !== null,
        staleTime: 0,
        retry: false,
        refetchInterval: (query) => (isRunning(query.state.data) ? POLL_MS : false),
      },
    ),
  )
  const job = id ? status.data : undefined
  const forget = () => {
    followed.set(null)
    setId(null)
  }

  // A finished import changes stories, comments, categories…: every cached list is read again.
  useEffect(() => {
    if (job?.state === 'done') void queryClient.invalidateQueries()
  }, [job?.state, queryClient])

  // A followed import the server no longer knows (restarted, or cleared after an hour) is simply forgotten.
  useEffect(() => {
    if (id && status.isError) {
      followed.set(null)
      setId(null)
    }
  }, [id, status.isError])

  return {
    id,
    job,
    forget,
    /** The server's latest word on an import (from a call that started a step) becomes the followed state. */
    follow: (next: ImportJob) => {
      queryClient.setQueryData(trpc.transfer.status.queryKey({ id: next.id }), next)
      followed.set(next.id)
      setId(next.id)
    },
  }
}
