import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Dialog, DialogActions, DialogTitle, QueryView, Skeleton } from '@wayfarer/ui'
import type { RevisionSummary } from '@wayfarer/api/schemas'
import { trpc } from '../../../lib/trpc'
import { formatDateTime } from '../../../lib/dates'
import { STORY_TITLE_CLASS, StoryBody } from '../../post/story-body'
import type { RestoreRequest } from './use-revision-restore'
import { revisionsQuery } from './queries'

interface Props {
  postId: number
  /** Runs before a restore, so the newest text in the form is a revision first (autosave's flush). */
  beforeRestore: () => Promise<void>
  onRestore: (request: RestoreRequest) => Promise<void>
  restoring: boolean
  /** The story is published or scheduled: its autosaves wait in the history until restored or saved. */
  live: boolean
}

/** The story's history in the editor: its last 20 versions (when, how many words), each with Preview and Restore. */
export function RevisionsCard({ postId, beforeRestore, onRestore, restoring, live }: Props) {
  const revisions = useQuery(revisionsQuery(postId))
  const [previewed, setPreviewed] = useState<RevisionSummary | null>(null)
  const restore = async (revision: RevisionSummary) => {
    await beforeRestore()
    // The list as it is after the flush: its head is the text the form held, which Undo brings back.
    const head = (await revisions.refetch()).data?.[0]
    await onRestore({
      revisionId: revision.id,
      createdAt: revision.created_at,
      before: head && head.id !== revision.id ? head.id : null,
    })
  }
  return (
    <Card className="p-6">
      <h3 className="mb-3 font-semibold text-gray-900">Revision history</h3>
      <QueryView
        query={revisions}
        loading={<Skeleton className="h-20 w-full" />}
        failed="Failed to load the history"
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-sm text-gray-600">No saved versions yet.</p>}
      >
        {(list) => (
          <>
            {live && list[0]?.autosave && <UnpublishedNote at={list[0].created_at} />}
            <ol className="max-h-96 space-y-2 overflow-y-auto" aria-label="Saved versions, newest first">
              {list.map((revision, index) => (
                <RevisionRow
                  key={revision.id}
                  revision={revision}
                  current={index === 0}
                  restoring={restoring}
                  onPreview={() => setPreviewed(revision)}
                  onRestore={() => void restore(revision)}
                />
              ))}
            </ol>
          </>
        )}
      </QueryView>
      {previewed && (
        <RevisionPreview
          postId={postId}
          revision={previewed}
          onClose={() => setPreviewed(null)}
          onRestore={() => {
            setPreviewed(null)
            void restore(previewed)
          }}
        />
      )}
    </Card>
  )
}

/** A reopened editor offers back what an earlier session's autosave kept of a published story. */
function UnpublishedNote({ at }: { at: string }) {
  return (
    <p role="note" className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
      The latest version ({formatDateTime(at)}) has changes that are not published. Preview it, or restore it to publish
      them.
    </p>
  )
}

function RevisionRow({
  revision,
  current,
  restoring,
  onPreview,
  onRestore,
}: {
  revision: RevisionSummary
  current: boolean
  restoring: boolean
  onPreview: () => void
  onRestore: () => void
}) {
  const when = formatDateTime(revision.created_at)
  return (
    <li className="rounded-lg border border-gray-200 p-3 text-sm" data-testid="revision">
      <p className="font-medium text-gray-900">{when}</p>
      <p className="text-gray-600">
        {revision.word_count} {revision.word_count === 1 ? 'word' : 'words'}
        {revision.autosave ? ' · autosave' : ''}
        {current ? ' · latest' : ''}
      </p>
      <div className="mt-2 flex gap-2">
        <Button variant="secondary" size="sm" onClick={onPreview} aria-label={`Preview the version of ${when}`}>
          Preview
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={restoring}
          onClick={onRestore}
          aria-label={`Restore the version of ${when}`}
        >
          Restore
        </Button>
      </div>
    </li>
  )
}

function RevisionPreview({
  postId,
  revision,
  onClose,
  onRestore,
}: {
  postId: number
  revision: RevisionSummary
  onClose: () => void
  onRestore: () => void
}) {
  const detail = useQuery(trpc.posts.revision.queryOptions({ id: postId, revision_id: revision.id }))
  return (
    <Dialog
      onClose={onClose}
      className="max-h-[90vh] w-full max-w-3xl overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
      backdropClassName="bg-black/50"
    >
      <DialogTitle className="text-lg font-semibold text-gray-900">
        Version of {formatDateTime(revision.created_at)}
      </DialogTitle>
      <QueryView query={detail} loading={<Skeleton className="h-40 w-full" />} failed="Failed to load this version">
        {(version) => (
          <article aria-label="Version preview" className="mt-4">
            <h2 className={STORY_TITLE_CLASS}>{version.title}</h2>
            {version.excerpt && <p className="mt-6 text-xl leading-relaxed text-gray-700">{version.excerpt}</p>}
            <StoryBody html={version.content} className="mt-6" />
          </article>
        )}
      </QueryView>
      <DialogActions className="mt-6" dismiss="Close" onDismiss={onClose}>
        <Button onClick={onRestore}>Restore this version</Button>
      </DialogActions>
    </Dialog>
  )
}
