import { fork } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { dataDirHolder, hasEmbeddedDatabase } from '@wayfarer/db'
import type { ServerConfig } from './config'

/** The first-start process failed; it has said why on the terminal already. */
export class FirstStartError extends Error {}

/**
 * A new embedded site (no DATABASE_URL, a DATA_DIR without a database yet) is created and seeded by a short-lived
 * child process before the server opens it. The embedded database's WebAssembly memory only grows: what creating
 * the database and seeding the demo site touched (about 80 MB) would stay resident in the server for as long as
 * it runs, while the child gives it back when it exits (docs/operations.md, "Memory"). Resolves with the owner's
 * one-time password box, for the caller to print last; null when there is nothing new to prepare. `demoContent`
 * false leaves the demo site out whatever SEED_DEMO_CONTENT says (`npm run import` into a new DATA_DIR).
 */
export async function prepareNewSite(
  config: ServerConfig,
  options: { demoContent: boolean } = { demoContent: true },
): Promise<string | null> {
  if (config.databaseUrl || config.dataDir.startsWith('memory://') || hasEmbeddedDatabase(config.dataDir)) return null
  // A directory another process holds is refused by the caller's own openDatabase, with the caller's explanation.
  if (dataDirHolder(config.dataDir) !== null) return null
  // Beside this module both as source (tsx, whose loader the child inherits) and in the bundle (dist/).
  const self = fileURLToPath(import.meta.url)
  const child = fork(path.join(path.dirname(self), `first-start-child${path.extname(self)}`), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // PGlite's code compiled once, by V8's baseline WebAssembly compiler: a process this short never gains what
    // optimising its hot functions again costs in memory (a new site without demo content: 412 → 337 MB at the
    // peak, and sooner done; with the demo content 426 → 383 MB, as fast).
    execArgv: [...process.execArgv, '--liftoff-only'],
    // An import into a new directory brings its own content: no demo site under it.
    env: options.demoContent ? process.env : { ...process.env, SEED_DEMO_CONTENT: 'false' },
  })
  let passwordBox: string | null = null
  child.on('message', (message: { passwordBox?: string | null }) => {
    passwordBox = message.passwordBox ?? null
  })
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', resolve)
  })
  if (code !== 0) throw new FirstStartError('could not prepare the new data directory')
  return passwordBox
}
