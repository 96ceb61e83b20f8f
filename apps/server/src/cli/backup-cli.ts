// `npm run backup [-- FILE]` and `npm run restore -- FILE` (README: Backup and restore).
import { createWriteStream, existsSync } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { request } from 'node:http'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import {
  dataDirHolder,
  DataDirLockedError,
  openDatabase,
  RestoreError,
  withPostgres,
  type Database,
} from '@wayfarer/db'
import { EnvError } from '@wayfarer/config/env'
import { loadConfig, type ServerConfig } from '../config'
import { restoreBackup, writeBackup, type BackupManifest } from '../backup/archive'
import { controlSocketPath } from '../backup/control-socket'
import { backupSources } from '../backup/sources'

/** Asks the running server (which holds the embedded database) for the archive over its control socket. */
async function backupFromRunningServer(config: ServerConfig, file: string): Promise<void> {
  const socketPath = path.resolve(controlSocketPath(config.dataDir))
  if (!existsSync(socketPath))
    throw new Error(
      `A Wayfarer server holds ${config.dataDir} but offers no backup socket; stop it and run the backup again`,
    )
  await new Promise<void>((resolve, reject) => {
    const req = request({ socketPath, path: '/backup', method: 'GET' }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`The server refused the backup (HTTP ${res.statusCode})`))
      pipeline(res, createWriteStream(file, { mode: 0o600 })).then(resolve, reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** The embedded database nobody holds, or PostgreSQL read through one REPEATABLE READ snapshot. */
async function backupDirectly(config: ServerConfig, file: string): Promise<BackupManifest> {
  const output = createWriteStream(file, { mode: 0o600 })
  const url = config.databaseUrl
  if (url) {
    const snapshot: Database['snapshot'] = (read) =>
      withPostgres(url, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', read)
    return writeBackup({ kind: 'postgresql', snapshot }, backupSources(config), output)
  }
  const database = await openDatabase({ dataDir: config.dataDir })
  try {
    return await writeBackup(database, backupSources(config), output)
  } finally {
    await database.close()
  }
}

async function backup(config: ServerConfig, target: string | undefined) {
  const file = path.resolve(target ?? `wayfarer-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`)
  const partial = `${file}.partial`
  try {
    const server = config.databaseUrl ? null : dataDirHolder(config.dataDir)
    if (server !== null) await backupFromRunningServer(config, partial)
    else await backupDirectly(config, partial)
    await rename(partial, file)
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
  console.log(`Backup written to ${file}`)
}

async function restore(config: ServerConfig, file: string | undefined) {
  if (!file) throw new RestoreError('Name the archive to restore: npm run restore -- FILE')
  if (!existsSync(file)) throw new RestoreError(`No such file: ${file}`)
  const manifest = await restoreBackup(path.resolve(file), {
    database: { databaseUrl: config.databaseUrl, dataDir: config.dataDir },
    dataDir: config.dataDir,
  })
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0)
  console.log(
    `Restored ${rows} rows in ${Object.keys(manifest.tables).length} tables and ${manifest.images} image files from ${file} (made ${manifest.createdAt}).`,
  )
}

// npm runs scripts from the repository root; paths the user typed are relative to where they typed them.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD)
const [command, file] = process.argv.slice(2)
try {
  const config = loadConfig(process.env)
  if (command === 'backup') await backup(config, file)
  else if (command === 'restore') await restore(config, file)
  else throw new Error('Usage: backup-cli.ts backup [FILE] | restore FILE')
} catch (error) {
  const known = error instanceof EnvError || error instanceof DataDirLockedError || error instanceof RestoreError
  console.error(known ? `\n  ${(error as Error).message}\n` : error)
  process.exitCode = 1
}
