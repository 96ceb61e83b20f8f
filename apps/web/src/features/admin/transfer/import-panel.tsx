import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react'
import type { ImportJob } from '@wayfarer/api/schemas'
import { Button, Card, Toast } from '@wayfarer/ui'
import { ProgressBar } from './progress-bar'
import { ImportReportView } from './import-report'
import { isRunning, useImportJob, type ImportChoices } from './use-import-job'

const headings: Record<ImportJob['state'], string> = {
  uploaded: 'Uploaded',
  checking: 'Checking the file',
  checked: 'Dry run: what the import will do',
  importing: 'Importing',
  done: 'Import report',
  failed: 'The file could not be imported',
}

const inputClass =
  'mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 focus-visible:outline-2 focus-visible:outline-teal-700'

/** Upload → dry-run summary → import with a progress bar → report. */
export function ImportPanel({ maxMb }: { maxMb: number | undefined }) {
  const { job, uploadProgress, error, busy, uploadAndCheck, runImport, reset } = useImportJob()
  const outcome = useRef<HTMLHeadingElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const step = job?.state

  // The form gives way to the summary or the report and back: keyboard and screen-reader users are taken along.
  useEffect(() => {
    if (step === 'checked' || step === 'done' || step === 'failed') outcome.current?.focus()
  }, [step])

  const startOver = async () => {
    await reset()
    requestAnimationFrame(() => fileInput.current?.focus())
  }

  return (
    <Card className="space-y-5 p-6">
      <div>
        <h3 className="text-lg font-semibold text-gray-900">Import</h3>
        <p className="text-sm text-gray-600">
          Bring stories, comments, categories and tags from WordPress (Tools → Export, an .xml file) or Ghost (Settings
          → Labs → Export, a .json file), move in from Polarsteps (its “download a copy of your data”, a .zip), or
          restore a Wayfarer archive (.zip). Old addresses keep working: they answer with a permanent redirect.
        </p>
      </div>
      {job ? (
        <ImportJobView
          job={job}
          busy={busy}
          heading={outcome}
          onImport={() => void runImport()}
          onStartOver={() => void startOver()}
        />
      ) : (
        <ImportForm
          maxMb={maxMb}
          busy={busy}
          uploadProgress={uploadProgress}
          fileInput={fileInput}
          onSubmit={(file, choices) => void uploadAndCheck(file, choices)}
        />
      )}
      {error && <Toast tone="error">{error}</Toast>}
    </Card>
  )
}

/** The file, the old site's address and whether pages come too; then upload and the dry run. */
function ImportForm({
  maxMb,
  busy,
  uploadProgress,
  fileInput,
  onSubmit,
}: {
  maxMb: number | undefined
  busy: boolean
  uploadProgress: number | null
  fileInput: RefObject<HTMLInputElement | null>
  onSubmit: (file: File, choices: ImportChoices) => void
}) {
  const [file, setFile] = useState<File | null>(null)
  const [siteUrl, setSiteUrl] = useState('')
  const [includePages, setIncludePages] = useState(false)
  const [publish, setPublish] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (file) onSubmit(file, { siteUrl, includePages, publish })
  }
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Import a file">
      <div>
        <label htmlFor="import-file" className="text-sm font-medium text-gray-700">
          File to import
        </label>
        <input
          ref={fileInput}
          id="import-file"
          type="file"
          accept=".xml,.json,.zip,application/xml,text/xml,application/json,application/zip"
          aria-describedby="import-file-hint"
          disabled={busy}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="mt-1 block w-full text-sm text-gray-700 file:mr-3 file:rounded-lg file:border-0 file:bg-gray-100 file:px-3 file:py-2 file:font-medium file:text-gray-800 hover:file:bg-gray-200"
        />
        <p id="import-file-hint" className="mt-1 text-xs text-gray-600">
          Up to {maxMb ?? 50} MB. For bigger sites use the command line: <code>npm run import</code>.
        </p>
      </div>
      <div>
        <label htmlFor="import-site-url" className="text-sm font-medium text-gray-700">
          Old site address <span className="font-normal text-gray-600">(optional)</span>
        </label>
        <input
          id="import-site-url"
          type="url"
          inputMode="url"
          placeholder="https://old-blog.example"
          aria-describedby="import-site-url-hint"
          value={siteUrl}
          disabled={busy}
          onChange={(e) => setSiteUrl(e.target.value)}
          className={inputClass}
        />
        <p id="import-site-url-hint" className="mt-1 text-xs text-gray-600">
          Needed for Ghost (its links say __GHOST_URL__); a WordPress export names its own address.
        </p>
      </div>
      <Choice checked={includePages} disabled={busy} onChange={setIncludePages}>
        Import pages as stories too
      </Choice>
      <Choice checked={publish} disabled={busy} onChange={setPublish}>
        Publish a Polarsteps trip at once (otherwise its trip, stories and photos arrive as drafts)
      </Choice>
      {uploadProgress !== null && <ProgressBar label="Uploading" done={uploadProgress} total={100} unit="%" />}
      <Button type="submit" disabled={!file || busy}>
        {busy ? 'Uploading…' : 'Upload and check'}
      </Button>
    </form>
  )
}

function Choice({
  checked,
  disabled,
  onChange,
  children,
}: {
  checked: boolean
  disabled: boolean
  onChange: (checked: boolean) => void
  children: ReactNode
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-gray-700">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className="h-4 w-4"
      />
      {children}
    </label>
  )
}

/** Where the followed import stands: its progress, the dry run or the report, and what can be done next. */
function ImportJobView({
  job,
  busy,
  heading,
  onImport,
  onStartOver,
}: {
  job: ImportJob
  busy: boolean
  heading: RefObject<HTMLHeadingElement | null>
  onImport: () => void
  onStartOver: () => void
}) {
  return (
    <div className="space-y-4">
      <h4 ref={heading} tabIndex={-1} className="text-base font-semibold text-gray-900 focus:outline-none">
        {headings[job.state]}
      </h4>
      <p className="text-sm text-gray-700">
        <span className="font-medium text-gray-900">{job.filename || 'Uploaded file'}</span> (
        {(job.size / 1048576).toFixed(2)} MB)
      </p>
      {job.state === 'checking' && (
        <ProgressBar label="Checking the file (dry run)" done={job.progress.done} total={job.progress.total} />
      )}
      {job.state === 'importing' && (
        <ProgressBar label="Importing" done={job.progress.done} total={job.progress.total} />
      )}
      {job.state === 'failed' && <Toast tone="error">{job.error}</Toast>}
      {job.state === 'checked' && job.dry_run && <ImportReportView report={job.dry_run} />}
      {job.state === 'done' && job.report && (
        <>
          <Toast tone="success">Import finished.</Toast>
          <ImportReportView report={job.report} />
        </>
      )}
      <div className="flex flex-wrap gap-3">
        {job.state === 'checked' && (
          <Button onClick={onImport} disabled={busy}>
            Import now
          </Button>
        )}
        {!isRunning(job) && (
          <Button variant="secondary" onClick={onStartOver}>
            {job.state === 'checked' ? 'Cancel' : 'Import another file'}
          </Button>
        )}
      </div>
    </div>
  )
}
