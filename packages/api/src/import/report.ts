import { z } from 'zod'
import type { FileRepair } from './model'

export const importKinds = [
  'posts',
  'comments',
  'categories',
  'tags',
  'authors',
  'images',
  'redirects',
  'gallery',
  'messages',
  'subscribers',
  'settings',
  'trips',
  'track_points',
] as const
export type ImportKind = (typeof importKinds)[number]

const count = z.object({ created: z.number(), existing: z.number(), skipped: z.number() })

/** One line of the report: a skipped or failed item, or a note on an imported one. */
export const reportEntry = z.object({
  kind: z.enum([...importKinds, 'file']),
  ref: z.string(),
  outcome: z.enum(['skipped', 'failed', 'note']),
  message: z.string(),
})
export type ReportEntry = z.infer<typeof reportEntry>

/** The dry-run summary and the final report have one shape; `dry_run` says which it is. */
export const importReport = z.object({
  format: z.enum(['wordpress', 'ghost', 'wayfarer', 'polarsteps']),
  dry_run: z.boolean(),
  site_url: z.string(),
  counts: z.record(z.enum(importKinds), count),
  entries: z.array(reportEntry),
  /** Entries beyond the first MAX_ENTRIES are only counted. */
  more_entries: z.number(),
  /** Images that were not copied (refused, unreachable, or copying off): the posts keep pointing at them. */
  remote_images: z.array(z.string()),
  /** What was repaired to read the file (a bare "&", control characters, bytes that are not UTF-8), by line. */
  repairs: z.array(z.object({ line: z.number(), message: z.string() })),
  /** Lines with repairs beyond those listed. */
  more_repairs: z.number(),
  duration_ms: z.number(),
})
export type ImportReport = z.infer<typeof importReport>

const MAX_ENTRIES = 500
const MAX_REMOTE_IMAGES = 500

/** Collects counts and entries while an import (or its dry run) goes through a file. */
export class ReportBuilder {
  private readonly report: ImportReport
  private readonly started = Date.now()

  constructor(format: ImportReport['format'], dryRun: boolean, siteUrl: string) {
    const counts = Object.fromEntries(
      importKinds.map((k) => [k, { created: 0, existing: 0, skipped: 0 }]),
    ) as ImportReport['counts']
    this.report = {
      format,
      dry_run: dryRun,
      site_url: siteUrl,
      counts,
      entries: [],
      more_entries: 0,
      remote_images: [],
      repairs: [],
      more_repairs: 0,
      duration_ms: 0,
    }
  }

  count(kind: ImportKind, outcome: 'created' | 'existing' | 'skipped', n = 1): void {
    this.report.counts[kind][outcome] += n
  }

  entry(kind: ReportEntry['kind'], ref: string, outcome: ReportEntry['outcome'], message: string): void {
    if (this.report.entries.length < MAX_ENTRIES) this.report.entries.push({ kind, ref, outcome, message })
    else this.report.more_entries++
  }

  skip(kind: ImportKind, ref: string, message: string): void {
    this.count(kind, 'skipped')
    this.entry(kind, ref, 'skipped', message)
  }

  repaired(repairs: FileRepair[], more: number): void {
    this.report.repairs = repairs
    this.report.more_repairs = more
  }

  remoteImage(url: string): void {
    if (this.report.remote_images.length < MAX_REMOTE_IMAGES && !this.report.remote_images.includes(url))
      this.report.remote_images.push(url)
  }

  finish(): ImportReport {
    return { ...this.report, duration_ms: Date.now() - this.started }
  }
}
