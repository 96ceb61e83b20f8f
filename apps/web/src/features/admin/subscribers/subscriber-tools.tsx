import { useState, type ChangeEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MailSettings } from '@wayfarer/api/schemas'
import { Button, Card } from '@wayfarer/ui'
import { formatDateTime } from '../../../lib/dates'
import { trpc } from '../../../lib/trpc'
import { toUserMessage } from '../../../lib/user-message'
import { mailSettingsQuery, outboxQuery } from './queries'
import { SendsCard } from './sends-card'

/** What each story's send did, export, import, the mail settings and (without SMTP) the mails written as files. */
export function SubscriberTools() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <SendsCard />
      </div>
      <TransferCard />
      <MailSettingsCard />
      <OutboxCard />
    </div>
  )
}

const download = (filename: string, text: string) => {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: filename })
  link.click()
  URL.revokeObjectURL(url)
}

function TransferCard() {
  const queryClient = useQueryClient()
  const [status, setStatus] = useState('')
  const importCsv = useMutation(
    trpc.newsletter.importCsv.mutationOptions({
      onSuccess: async (r) => {
        setStatus(`Imported ${r.added} (${r.confirmed} confirmed), skipped ${r.skipped}.`)
        await queryClient.invalidateQueries(trpc.newsletter.pathFilter())
      },
      onError: (e) => setStatus(toUserMessage(e, 'The import failed.')),
    }),
  )
  const exportCsv = async () => {
    const file = await queryClient.fetchQuery(trpc.newsletter.exportCsv.queryOptions(undefined, { staleTime: 0 }))
    download(file.filename, file.csv)
  }
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (file) importCsv.mutate({ csv: await file.text() })
    event.target.value = ''
  }
  return (
    <Card className="space-y-3 p-5">
      <h3 className="text-lg font-semibold text-gray-900">Export and import</h3>
      <p className="text-sm text-gray-600">
        CSV with the columns Ghost, Substack and Mailchimp use (email, name, created date). Imported addresses count as
        confirmed only when the file says they were subscribed.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void exportCsv().catch(() => setStatus('The export failed.'))}>
          Export CSV
        </Button>
        <label className="cursor-pointer rounded-lg border border-gray-300 bg-white px-4 py-2 font-medium text-gray-800 focus-within:ring-2 focus-within:ring-teal-600 hover:bg-gray-50">
          Import CSV
          <input type="file" accept=".csv,text/csv" className="sr-only" onChange={(e) => void onFile(e)} />
        </label>
      </div>
      <p role="status" className="text-sm text-gray-700">
        {importCsv.isPending ? 'Importing…' : status}
      </p>
    </Card>
  )
}

// The mail settings, each a checkbox that saves at once.
const toggles: [keyof MailSettings, string][] = [
  ['wholeStory', 'Mail the whole story (otherwise the excerpt and a link)'],
  ['notifyContact', 'E-mail me each new contact message'],
]

function MailSettingsCard() {
  const queryClient = useQueryClient()
  const settings = useQuery(mailSettingsQuery())
  const save = useMutation(
    trpc.newsletter.saveSettings.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.newsletter.settings.queryKey(), data),
    }),
  )
  const toggle = (key: keyof MailSettings) => (e: ChangeEvent<HTMLInputElement>) =>
    settings.data && save.mutate({ ...settings.data, [key]: e.target.checked })
  return (
    <Card className="space-y-3 p-5">
      <h3 className="text-lg font-semibold text-gray-900">Mail settings</h3>
      {toggles.map(([key, label]) => (
        <label key={key} className="flex items-center gap-2 text-gray-800">
          <input
            type="checkbox"
            checked={settings.data?.[key] ?? false}
            disabled={!settings.data}
            onChange={toggle(key)}
          />
          {label}
        </label>
      ))}
      {save.isError && (
        <p role="alert" className="text-sm text-red-700">
          The settings could not be saved.
        </p>
      )}
    </Card>
  )
}

function OutboxCard() {
  const outbox = useQuery(outboxQuery())
  if (!outbox.data?.writesFiles) return null
  return (
    <Card className="space-y-3 p-5 lg:col-span-2">
      <h3 className="text-lg font-semibold text-gray-900">Outbox files</h3>
      <p className="text-sm text-gray-600">
        No SMTP server is set up (SMTP_URL), so mails are written as .eml files into the data folder&apos;s outbox.
      </p>
      {outbox.data.files.length === 0 ? (
        <p className="text-sm text-gray-600">No mails written yet.</p>
      ) : (
        <ul className="divide-y divide-gray-100 text-sm">
          {outbox.data.files.map((f) => (
            <li key={f.name} className="flex justify-between gap-4 py-2">
              <span className="break-all font-mono text-gray-800">{f.name}</span>
              <span className="shrink-0 text-gray-600">{formatDateTime(f.modified_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
