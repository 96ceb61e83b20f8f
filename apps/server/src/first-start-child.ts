// A new embedded site's first start, in its own short-lived process (started by first-start.ts): creates the
// database, the owner account and (SEED_DEMO_CONTENT) the demo site, then hands the owner's password box to the
// server process over IPC and exits.
import { DataDirLockedError } from '@wayfarer/db'
import pino from 'pino'
import { loadConfig } from './config'
import { seedStandalone } from './seed/standalone'

try {
  const config = loadConfig(process.env)
  const { passwordBox } = await seedStandalone(config, pino({ level: config.logLevel }), config.seedDemoContent)
  process.send?.({ passwordBox })
} catch (error) {
  console.error(error instanceof DataDirLockedError ? `\n  ${error.message}\n` : error)
  process.exitCode = 1
}
