import { existsSync, rmSync } from 'node:fs'
import { chmod } from 'node:fs/promises'
import { createServer } from 'node:http'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Database } from '@wayfarer/db'
import { writeBackup, type BackupSources } from './archive'

/** The socket the backup CLI talks to while the server holds the embedded database. */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock')

// Unix socket paths are limited to about 107 bytes.
const MAX_SOCKET_PATH = 100

/**
 * PGlite is single-process and locked by the running server, so `npm run backup` cannot open it. The server
 * answers `GET /backup` on a Unix socket inside DATA_DIR instead: file permissions (0600 in a 0700 directory)
 * are the authentication, and nothing listens on the network.
 */
export async function startControlSocket(
  app: FastifyInstance,
  database: Database,
  sources: BackupSources,
  dataDir: string,
): Promise<void> {
  const socketPath = controlSocketPath(dataDir)
  if (path.resolve(socketPath).length > MAX_SOCKET_PATH) {
    app.log.warn(`DATA_DIR path is too long for the backup control socket; stop the server to run "npm run backup"`)
    return
  }
  // We hold the data-dir lock, so a socket file here is a leftover of a process that died.
  if (existsSync(socketPath)) rmSync(socketPath)
  const control = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/backup') {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': 'application/gzip' })
    writeBackup(database, sources, response).then(
      (manifest) => app.log.info({ tables: manifest.tables, images: manifest.images }, 'backup written'),
      (error: unknown) => {
        app.log.error({ err: error }, 'backup failed')
        response.destroy(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
  await new Promise<void>((resolve, reject) =>
    control.once('error', reject).listen(path.resolve(socketPath), () => resolve()),
  )
  await chmod(socketPath, 0o600)
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => control.close(() => resolve()))
    rmSync(socketPath, { force: true })
  })
}
