// `npm run import -- wordpress|ghost|wayfarer FILE [options]` and `npm run export -- FILE`: the same work as
// Admin → Settings → Import/Export, for big sites, on the database and DATA_DIR the server uses.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import pino from 'pino'
import { DataDirLockedError, openDatabase } from '@wayfarer/db'
import { EnvError } from '@wayfarer/config/env'
import { CloudinaryImageStore, DomainError, LocalImageStore, parseCloudinaryUrl, type AppDeps } from '@wayfarer/api'
import { loadConfig } from '../config'
import { FirstStartError, prepareNewSite } from '../first-start'
import { ensureAdmin } from '../seed'
import { resolveSecretKey } from '../secret-key'
import { printReport, progressPrinter } from './transfer-cli-output'
import { runTransferCommand, usage } from './transfer-commands'

// An import makes a lot of short-lived garbage (each story's XML, its sanitised HTML, its queries) around a live
// heap of some 60 MB. Left to itself V8 let the heap grow to four times that before collecting (10,000 stories:
// 250 MB of heap, 360 MB resident on PostgreSQL); growing it by half the live size each time keeps it near what is
// live (240 MB resident) and was no slower. A soft factor, not a limit: a file whose stories are big still gets
// the heap it needs.
setFlagsFromString('--heap-growing-percent=50')

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: {
    'site-url': { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    'include-pages': { type: 'boolean', default: false },
    'no-images': { type: 'boolean', default: false },
    publish: { type: 'boolean', default: false },
    'max-mb': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
})

try {
  if (values.help || positionals.length < 2) {
    console.log(usage)
    process.exit(values.help ? 0 : 2)
  }
  const config = loadConfig(process.env)
  // A new embedded DATA_DIR is created by a short-lived process first, as `npm start` does: created here, the
  // memory that work touched stayed with the import to its end (10,000 stories: 737 MB, against 475 MB into a
  // directory made first; the creation itself still peaks at about 750 MB for the few seconds it takes).
  const firstPasswordBox = await prepareNewSite(config, { demoContent: false })
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    const deps: Pick<AppDeps, 'prisma' | 'imageStore' | 'now' | 'config' | 'galleryFolder'> = {
      prisma: database.prisma,
      now: () => new Date(),
      galleryFolder: config.galleryFolder,
      config: {
        publicUrl: config.publicUrl,
        secretKey: resolveSecretKey(config.secretKey, config.dataDir),
        sessionTtlMs: config.sessionTtlMs,
        sessionMaxAgeMs: config.sessionMaxAgeMs,
      },
      imageStore: config.cloudinaryUrl
        ? new CloudinaryImageStore(parseCloudinaryUrl(config.cloudinaryUrl))
        : new LocalImageStore(path.join(config.dataDir, 'images'), {
            cacheRoot: path.join(config.dataDir, 'image-cache'),
          }),
    }
    // A new site's owner password is shown after the report, or the owner could not sign in once the server runs.
    const passwordBox = firstPasswordBox ?? (await ensureAdmin(deps as AppDeps, config, pino({ level: 'warn' })))
    const started = Date.now()
    const report = await runTransferCommand(deps, positionals, {
      siteUrl: values['site-url'],
      dryRun: values['dry-run'],
      includePages: values['include-pages'],
      publish: values.publish,
      locationPrecision: config.locationPrecision,
      copyImages: !values['no-images'],
      maxMb: values['max-mb'] ? Number(values['max-mb']) : config.importMaxMb.cli,
      onProgress: progressPrinter(process.stderr),
    })
    const stats = { seconds: (Date.now() - started) / 1000, peakRssMb: process.resourceUsage().maxRSS / 1024 }
    if ('exported' in report)
      console.log(
        `\n  Exported the site to ${report.exported} (${(report.bytes / 1048576).toFixed(1)} MB, ${report.images} image files) in ${stats.seconds.toFixed(1)} s.\n`,
      )
    else printReport(process.stdout, report, stats)
    if (passwordBox) process.stdout.write(passwordBox)
  } finally {
    await database.close()
  }
} catch (error) {
  if (error instanceof FirstStartError) {
    // The first-start process has printed its own error.
  } else if (error instanceof DataDirLockedError) {
    console.error(
      `\n  ${error.message}\n  PGlite lets one process use a data directory at a time. Stop the server first (then run this again and start it),\n  or import through Admin → Settings → Import/Export while it runs.\n`,
    )
  } else if (error instanceof EnvError || error instanceof DomainError) {
    console.error(`\n  ${error.message}\n`)
  } else {
    console.error(error)
  }
  process.exitCode = 1
}
