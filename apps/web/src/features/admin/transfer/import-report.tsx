import { importKinds, type ImportKind, type ImportReport, type ReportEntry } from '@wayfarer/api/schemas'

const kindLabels: Record<ImportKind | 'file', string> = {
  posts: 'Stories',
  comments: 'Comments',
  categories: 'Categories',
  tags: 'Tags',
  authors: 'Authors',
  images: 'Images',
  redirects: 'Old addresses (301 redirects)',
  gallery: 'Gallery photos',
  messages: 'Contact messages',
  subscribers: 'Newsletter subscribers',
  settings: 'Settings',
  trips: 'Trips',
  track_points: 'Tracked points',
  file: 'In the file',
}
const formats: Record<ImportReport['format'], string> = {
  wordpress: 'WordPress export',
  ghost: 'Ghost export',
  wayfarer: 'Wayfarer archive',
  polarsteps: 'Polarsteps export',
}
const outcomeLabels: Record<ReportEntry['outcome'], string> = { skipped: 'Skipped', failed: 'Failed', note: 'Note' }
const n = (value: number) => value.toLocaleString('en-US')

/** The dry-run summary (what will happen) and the final report (what happened): one shape, two wordings. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const planned = report.dry_run
  const rows = importKinds.filter(
    (k) => report.counts[k].created + report.counts[k].existing + report.counts[k].skipped > 0,
  )
  const problems = report.entries.filter((e) => e.outcome !== 'note')
  const notes = report.entries.filter((e) => e.outcome === 'note')
  return (
    <div className="space-y-5" data-testid={planned ? 'dry-run-summary' : 'import-report'}>
      <p className="text-sm text-gray-700">
        {formats[report.format]}
        {report.site_url ? ` of ${report.site_url}` : ''}
        {planned ? ' — nothing has been written yet.' : ` — finished in ${(report.duration_ms / 1000).toFixed(1)} s.`}
      </p>
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">
            {planned ? 'What the import will do, per kind' : 'What was imported, per kind'}
          </caption>
          <thead className="border-b border-gray-200 text-gray-600">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                What
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                {planned ? 'Will be created' : 'Created'}
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                Already here
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {planned ? 'Will be skipped' : 'Skipped'}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.map((kind) => (
              <tr key={kind}>
                <th scope="row" className="py-2 pr-4 font-medium text-gray-900">
                  {kindLabels[kind]}
                </th>
                <td className="py-2 pr-4 text-right tabular-nums">{n(report.counts[kind].created)}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{n(report.counts[kind].existing)}</td>
                <td className="py-2 text-right tabular-nums">{n(report.counts[kind].skipped)}</td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={4} className="py-2 text-gray-600">
                  The file holds nothing to import.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <RepairList report={report} />
      <EntryList title={planned ? 'What will be skipped, and why' : 'What was skipped, and why'} entries={problems} />
      <EntryList title="Notes" entries={notes} />
      {report.more_entries > 0 && (
        <p className="text-sm text-gray-600">
          …and {n(report.more_entries)} more entries (the command line prints them all).
        </p>
      )}
      {report.remote_images.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-gray-800">
            {n(report.remote_images.length)} image(s) {planned ? 'may stay' : 'stay'} at their old address
          </summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 break-all text-gray-700">
            {report.remote_images.map((url) => (
              <li key={url}>{url}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  )
}

/** What was repaired to read the file (a bare "&", control characters, bytes that are not UTF-8), by line. */
function RepairList({ report }: { report: ImportReport }) {
  if (!report.repairs.length) return null
  const title = 'Repaired in the file'
  return (
    <section className="text-sm">
      <h4 className="font-semibold text-gray-900">{title}</h4>
      <p className="mt-1 text-gray-700">
        The file had damage that WordPress itself reads past; it was read the same way.
      </p>
      <ul
        tabIndex={0}
        aria-label={title}
        className="mt-2 max-h-48 space-y-1 overflow-y-auto pr-2 focus-visible:outline-2 focus-visible:outline-teal-700"
      >
        {report.repairs.map((r) => (
          <li key={`${r.line} ${r.message}`} className="break-words text-gray-700">
            <span className="font-medium text-gray-900">Line {n(r.line)}</span> — {r.message}
          </li>
        ))}
      </ul>
      {report.more_repairs > 0 && (
        <p className="mt-1 text-gray-600">
          …and {n(report.more_repairs)} more lines (the command line prints them all).
        </p>
      )}
    </section>
  )
}

function EntryList({ title, entries }: { title: string; entries: ReportEntry[] }) {
  if (!entries.length) return null
  return (
    <section className="text-sm">
      <h4 className="font-semibold text-gray-900">{title}</h4>
      {/* Long lists scroll inside the page; the list takes focus so a keyboard can scroll it too. */}
      <ul
        tabIndex={0}
        aria-label={title}
        className="mt-2 max-h-72 space-y-1 overflow-y-auto pr-2 focus-visible:outline-2 focus-visible:outline-teal-700"
      >
        {entries.map((e, i) => (
          <li key={i} className="break-words text-gray-700">
            <span className="font-medium text-gray-900">
              {e.outcome === 'note' ? '' : `${outcomeLabels[e.outcome]}: `}
              {kindLabels[e.kind]} · {e.ref}
            </span>{' '}
            — {e.message}
          </li>
        ))}
      </ul>
    </section>
  )
}
