import type { ImportProgress, ImportReport } from '@wayfarer/api'

/** Progress on one updating line on a terminal, or a line every 5% when the output is a file or a pipe. */
export function progressPrinter(out: NodeJS.WriteStream): (progress: ImportProgress) => void {
  let lastStep = -1
  return ({ done, total }) => {
    const percent = total ? Math.floor((done / total) * 100) : 100
    if (out.isTTY) out.write(`\r  importing stories: ${done}/${total} (${percent}%)${done === total ? '\n' : ''}`)
    else if (Math.floor(percent / 5) > lastStep || done === total) {
      lastStep = Math.floor(percent / 5)
      out.write(`  importing stories: ${done}/${total} (${percent}%)\n`)
    }
  }
}

const pad = (text: string | number, width: number) => String(text).padStart(width)

export function printReport(
  out: NodeJS.WritableStream,
  report: ImportReport,
  stats: { seconds: number; peakRssMb: number },
): void {
  const lines = [
    '',
    `  ${report.dry_run ? 'Dry run (nothing was written)' : 'Import finished'}: ${report.format}${report.site_url ? ` from ${report.site_url}` : ''}`,
    '',
    `  ${'kind'.padEnd(12)}${pad(report.dry_run ? 'to create' : 'created', 10)}${pad('existing', 10)}${pad('skipped', 10)}`,
    ...Object.entries(report.counts).map(
      ([kind, c]) => `  ${kind.padEnd(12)}${pad(c.created, 10)}${pad(c.existing, 10)}${pad(c.skipped, 10)}`,
    ),
    '',
    ...(report.repairs.length
      ? ['  Repaired in the file:', ...report.repairs.map((r) => `  line ${r.line}: ${r.message}`), '']
      : []),
    ...(report.more_repairs ? [`  … and ${report.more_repairs} more lines with repairs`, ''] : []),
    ...report.entries.map((e) => `  ${e.outcome.padEnd(8)} ${e.kind}: ${e.ref}: ${e.message}`),
    ...(report.more_entries ? [`  … and ${report.more_entries} more entries`] : []),
    ...(report.remote_images.length
      ? ['', `  ${report.remote_images.length} image(s) kept at their old address (listed above).`]
      : []),
    '',
    `  ${stats.seconds.toFixed(1)} s, peak memory ${Math.round(stats.peakRssMb)} MB`,
    '',
  ]
  out.write(lines.join('\n'))
}
