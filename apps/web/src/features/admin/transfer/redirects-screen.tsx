import { useState } from 'react'
import { keepPreviousData, useQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import type { RedirectItem } from '@wayfarer/api/schemas'
import { Card, ConfirmButton, Dialog, DialogTitle, Pagination, QueryView, Skeleton, Toast, Button } from '@wayfarer/ui'
import { trpc } from '../../../lib/trpc'
import { useAdminTitle } from '../../../lib/page-meta'
import { ScreenHeader } from '../shell/screen-header'
import { toUserMessage } from '../../../lib/user-message'
import { RedirectForm, type RedirectFields } from './redirect-form'
import { redirectsQuery } from './queries'
import { SettingsTabs } from './settings-tabs'

const NETWORK = 'Could not reach the server. Please check your connection.'

/** Admin → Settings → Redirects: old addresses (imported or added by hand) answered with 301 to a page here. */
export function RedirectsScreen() {
  useAdminTitle('Redirects')
  const [editing, setEditing] = useState<RedirectItem | null>(null)
  const changes = useRedirectChanges()
  return (
    <div className="max-w-4xl">
      <SettingsTabs />
      <ScreenHeader
        className="mb-6"
        title="Redirects"
        description="Old addresses of your stories answer with a permanent (301) redirect, so links and search ranking keep working."
      />
      <div className="space-y-6">
        <Card className="p-6">
          <h3 className="mb-3 text-lg font-semibold text-gray-900">Add a redirect</h3>
          <RedirectForm submitLabel="Add redirect" pending={changes.creating} onSubmit={changes.create} />
        </Card>
        {changes.notice && (
          <Toast tone={changes.notice.error ? 'error' : 'success'} onDismiss={changes.dismissNotice} durationMs={4000}>
            {changes.notice.text}
          </Toast>
        )}
        <RedirectList onEdit={setEditing} onDelete={(r) => void changes.remove(r)} />
      </div>
      {editing && (
        <Dialog
          onClose={() => setEditing(null)}
          backdropClassName="bg-black/50"
          className="w-full max-w-xl rounded-xl bg-white p-6 shadow-xl"
        >
          <DialogTitle className="mb-4 text-lg font-semibold text-gray-900">Edit redirect</DialogTitle>
          <RedirectForm
            initial={{ from_path: editing.from_path, to_path: editing.to_path }}
            submitLabel="Save redirect"
            pending={changes.updating}
            onCancel={() => setEditing(null)}
            onSubmit={async (fields) => {
              const problem = await changes.update(editing.id, fields)
              if (!problem) setEditing(null)
              return problem
            }}
          />
        </Dialog>
      )}
    </div>
  )
}

/**
 * Adding, changing and deleting redirects. A save answers the problem to show in its form (null when it
 * worked); every outcome is also said in the notice.
 */
function useRedirectChanges() {
  const queryClient = useQueryClient()
  const create = useMutation(trpc.redirects.create.mutationOptions())
  const update = useMutation(trpc.redirects.update.mutationOptions())
  const remove = useMutation(trpc.redirects.delete.mutationOptions())
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null)
  const refresh = () => queryClient.invalidateQueries(trpc.redirects.list.queryFilter())
  const save = async (work: () => Promise<unknown>, done: string): Promise<string | null> => {
    try {
      await work()
      await refresh()
      setNotice({ error: false, text: done })
      return null
    } catch (e) {
      return toUserMessage(e, 'The redirect could not be saved', NETWORK)
    }
  }
  return {
    notice,
    dismissNotice: () => setNotice(null),
    creating: create.isPending,
    updating: update.isPending,
    create: (f: RedirectFields) => save(() => create.mutateAsync(f), `Added the redirect from ${f.from_path.trim()}`),
    update: (id: number, f: RedirectFields) =>
      save(() => update.mutateAsync({ id, ...f }), `Saved the redirect from ${f.from_path.trim()}`),
    remove: async (r: RedirectItem) => {
      try {
        await remove.mutateAsync({ id: r.id })
        await refresh()
        setNotice({ error: false, text: `Deleted the redirect from ${r.from_path}` })
      } catch (e) {
        setNotice({ error: true, text: toUserMessage(e, 'The redirect could not be deleted', NETWORK) })
      }
    },
  }
}

/** The redirects a page at a time, searched by address as the owner types. */
function RedirectList({
  onEdit,
  onDelete,
}: {
  onEdit: (r: RedirectItem) => void
  onDelete: (r: RedirectItem) => void
}) {
  const [page, setPage] = useState(1)
  const [search, setSearch] = useState('')
  const list = useQuery({ ...redirectsQuery({ page, search: search.trim() }), placeholderData: keepPreviousData })
  return (
    <Card className="space-y-4 p-6">
      <div>
        <label htmlFor="redirect-search" className="text-sm font-medium text-gray-700">
          Search redirects
        </label>
        <input
          id="redirect-search"
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value)
            setPage(1)
          }}
          className="mt-1 w-full max-w-sm rounded-lg border border-gray-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-teal-700"
        />
      </div>
      <QueryView query={list} loading={<Skeleton className="h-40 w-full" />} failed="Failed to load redirects">
        {(data) => (
          <>
            <RedirectTable rows={data.redirects} onEdit={onEdit} onDelete={onDelete} />
            <Pagination page={page} pages={data.pagination.pages} onPage={setPage} />
          </>
        )}
      </QueryView>
    </Card>
  )
}

function RedirectTable({
  rows,
  onEdit,
  onDelete,
}: {
  rows: RedirectItem[]
  onEdit: (r: RedirectItem) => void
  onDelete: (r: RedirectItem) => void
}) {
  if (!rows.length) return <p className="text-sm text-gray-600">No redirects yet.</p>
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Redirects</caption>
        <thead className="border-b border-gray-200 text-gray-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Old address
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              New address
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              From
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((r) => (
            <tr key={r.id} data-testid="redirect-row">
              <td className="max-w-xs py-2 pr-4 break-all font-mono text-xs text-gray-900">{r.from_path}</td>
              <td className="max-w-xs py-2 pr-4 break-all font-mono text-xs text-gray-900">{r.to_path}</td>
              <td className="py-2 pr-4 text-gray-700">{r.source === 'manual' ? 'Added by hand' : r.source}</td>
              <td className="py-2 text-right whitespace-nowrap">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onEdit(r)}
                  aria-label={`Edit the redirect from ${r.from_path}`}
                >
                  Edit
                </Button>
                <ConfirmButton
                  variant="ghost"
                  size="sm"
                  className="text-red-700"
                  aria-label={`Delete the redirect from ${r.from_path}`}
                  confirm={`Delete the redirect from ${r.from_path}? Old links to it will stop working.`}
                  onConfirm={() => onDelete(r)}
                >
                  Delete
                </ConfirmButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
