import { randomUUID } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { importArchive } from '../archive/import'
import { ConflictError, DomainError, NotFoundError } from '../errors'
import type { ImportReport } from '../import/report'
import { importPolarsteps } from '../import/polarsteps/polarsteps-import'
import { checkFileSize, detectFormat, importSiteFile } from '../import/service'
import type { ImportDeps, ImportProgress } from '../import/writer'
import { transferMessages, type ImportJob, type UploadedImport } from './schema'

export interface ImportJobsOptions {
  /** Where uploads wait for their import (a private directory of the server's data dir). */
  dir: string
  maxBytes: number
  /** How long a finished or abandoned upload is kept (default an hour). */
  keepMs?: number
  /** How a Polarsteps export's photos are kept: LOCATION_PRECISION and GALLERY_FOLDER. */
  photos: { precision: number; galleryFolder: string }
  /** Told about failures that are not the file's fault (a bug, the database going away). */
  onUnexpectedError?: (error: unknown) => void
}

interface JobRecord extends ImportJob {
  file: string
  siteUrl: string | undefined
  includePages: boolean
  publish: boolean
  touchedAt: number
}

const UNEXPECTED =
  'The import stopped on an unexpected error; what was imported before it is kept, and running it again continues'

/**
 * The imports of Admin → Settings → Import/Export: an uploaded file is checked (a dry run), then imported, both
 * in the background while the screen polls `status`. One runs at a time; uploads are removed once imported or
 * after `keepMs`. Jobs live in this process's memory: a restart forgets them (the file is uploaded again).
 */
export class ImportJobs {
  private readonly jobs = new Map<string, JobRecord>()
  private busy: Promise<void> | null = null

  constructor(private readonly options: ImportJobsOptions) {}

  get maxBytes(): number {
    return this.options.maxBytes
  }

  /** A fresh, unguessable name for an upload to be written to. */
  async reserve(): Promise<{ id: string; file: string }> {
    await this.sweep()
    await mkdir(this.options.dir, { recursive: true, mode: 0o700 })
    const id = randomUUID()
    return { id, file: path.join(this.options.dir, `${id}.upload`) }
  }

  /** Takes a written upload in: an empty or unrecognised file is refused (and removed) at once. */
  async register(id: string, file: string, filename: string): Promise<UploadedImport> {
    try {
      const size = await checkFileSize(file, this.options.maxBytes)
      const format = await detectFormat(file)
      const job: JobRecord = {
        id,
        filename: filename.slice(0, 200),
        size,
        format,
        state: 'uploaded',
        progress: { done: 0, total: 0 },
        dry_run: null,
        report: null,
        error: null,
        file,
        siteUrl: undefined,
        includePages: false,
        publish: false,
        touchedAt: Date.now(),
      }
      this.jobs.set(id, job)
      return { id, filename: job.filename, size, format }
    } catch (error) {
      await rm(file, { force: true })
      throw error
    }
  }

  status(id: string): ImportJob {
    const job = this.find(id)
    job.touchedAt = Date.now()
    return publicView(job)
  }

  /** Starts the dry run: what would be imported, skipped and why; nothing is written. */
  check(
    deps: ImportDeps,
    id: string,
    input: { site_url?: string | undefined; include_pages: boolean; publish: boolean; ownerId: number },
  ): ImportJob {
    const job = this.find(id)
    if (job.state === 'checking' || job.state === 'importing' || job.state === 'done')
      throw new ConflictError(transferMessages.busy)
    job.siteUrl = input.site_url || undefined
    job.includePages = input.include_pages
    job.publish = input.publish
    return this.run(
      job,
      'checking',
      (onProgress) => this.importFile(deps, job, input.ownerId, true, onProgress),
      (report) => {
        job.state = 'checked'
        job.dry_run = report
      },
    )
  }

  /** Starts the import itself, with the options of the dry run the owner has seen; `onImported` runs after it. */
  start(deps: ImportDeps, id: string, ownerId: number, onImported?: () => void): ImportJob {
    const job = this.find(id)
    if (job.state !== 'checked')
      throw new ConflictError(job.state === 'importing' ? transferMessages.busy : transferMessages.notChecked)
    return this.run(
      job,
      'importing',
      (onProgress) => this.importFile(deps, job, ownerId, false, onProgress),
      (report) => {
        job.state = 'done'
        job.report = report
        onImported?.()
        void rm(job.file, { force: true })
      },
    )
  }

  async discard(id: string): Promise<void> {
    const job = this.find(id)
    if (job.state === 'checking' || job.state === 'importing') throw new ConflictError(transferMessages.busy)
    this.jobs.delete(id)
    await rm(job.file, { force: true })
  }

  /** Waits for a running import and removes every upload (the server is closing). */
  async close(): Promise<void> {
    await this.busy
    await Promise.all([...this.jobs.values()].map((job) => rm(job.file, { force: true })))
    this.jobs.clear()
  }

  private find(id: string): JobRecord {
    const job = this.jobs.get(id)
    if (!job) throw new NotFoundError(transferMessages.notFound)
    return job
  }

  private run(
    job: JobRecord,
    state: 'checking' | 'importing',
    work: (onProgress: (p: ImportProgress) => void) => Promise<ImportReport>,
    finish: (report: ImportReport) => void,
  ): ImportJob {
    if (this.busy) throw new ConflictError(transferMessages.busy)
    job.state = state
    job.error = null
    job.progress = { done: 0, total: 0 }
    job.touchedAt = Date.now()
    this.busy = work((progress) => {
      job.progress = progress
    })
      .then(finish, (error: unknown) => {
        job.state = 'failed'
        job.error = error instanceof DomainError ? error.message : UNEXPECTED
        if (!(error instanceof DomainError)) this.options.onUnexpectedError?.(error)
      })
      .finally(() => {
        job.touchedAt = Date.now()
        this.busy = null
      })
    return publicView(job)
  }

  private importFile(
    deps: ImportDeps,
    job: JobRecord,
    ownerId: number,
    dryRun: boolean,
    onProgress: (p: ImportProgress) => void,
  ): Promise<ImportReport> {
    if (job.format === 'wayfarer') return importArchive(deps, job.file, { dryRun })
    if (job.format === 'polarsteps')
      return importPolarsteps(deps, job.file, { dryRun, ownerId, publish: job.publish, ...this.options.photos })
    return importSiteFile(deps, job.file, {
      format: job.format,
      siteUrl: job.siteUrl,
      includePages: job.includePages,
      dryRun,
      ownerId,
      onProgress,
    })
  }

  private async sweep(): Promise<void> {
    const before = Date.now() - (this.options.keepMs ?? 3_600_000)
    for (const job of [...this.jobs.values()]) {
      if (job.touchedAt >= before || job.state === 'checking' || job.state === 'importing') continue
      this.jobs.delete(job.id)
      await rm(job.file, { force: true })
    }
  }
}

function publicView(job: JobRecord): ImportJob {
  const { id, filename, size, format, state, progress, dry_run, report, error } = job
  return { id, filename, size, format, state, progress: { ...progress }, dry_run, report, error }
}
