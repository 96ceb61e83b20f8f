import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '@wayfarer/api'
import { createMigratedDatabase, createTestDatabase, openTestPglite } from '@wayfarer/db/testing'
import { openDatabase, type Database } from '@wayfarer/db'
import type { ServerConfig } from '../config'
import { testConfig, testOwner } from './test-config'
import { createServer, type ServerOptions } from '../server'
import { apiFor, type Api } from './api'

export { testOwner } from './test-config'
export { multipartBody, testPhoto, type Api } from './api'

export interface TestServer {
  app: FastifyInstance
  database: Database
  /** With `appShell`: the temporary folder that stands in for apps/web's build (removed on close); tests may write fixtures there. */
  webDistDir: string
  /** The server's HTTP surface, anonymous; `await server.api.asOwner()` for the owner's. */
  api: Api
  /** Signs the owner in through the REST path and returns the bearer token. */
  ownerToken(): Promise<string>
  close(): Promise<void>
}

export interface TestServerOptions {
  config?: Partial<ServerConfig>
  deps?: Partial<AppDeps>
  logStream?: NodeJS.WritableStream
  onRoute?: ServerOptions['onRoute']
  /**
   * Serve a stand-in for apps/web's build, so the pages (the SPA fallback, redirects, the embedded head) answer:
   * `true` for a one-line index.html, or the build's files by path (`index.html`, `assets/…`, `.vite/manifest.json`).
   */
  appShell?: boolean | Record<string, string | Buffer>
}

const ONE_LINE_SHELL = '<!doctype html><html><head><!--app-head--></head><body></body></html>'

/** Writes the stand-in build into a temporary folder; none (a path that does not exist) without `appShell`. */
async function writeAppShell(appShell: TestServerOptions['appShell']): Promise<string> {
  if (!appShell) return '/nonexistent'
  const dir = await mkdtemp(path.join(tmpdir(), 'wayfarer-shell-'))
  for (const [name, body] of Object.entries(appShell === true ? { 'index.html': ONE_LINE_SHELL } : appShell)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true })
    await writeFile(path.join(dir, name), body)
  }
  return dir
}

/**
 * A whole server on a fresh migrated database (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL),
 * driven with app.inject — real HTTP semantics without a socket.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const webDistDir = await writeAppShell(options.appShell)
  const database = await createTestDatabase()
  const app = await createServer(
    testConfig({ webDistDir, adminEmail: testOwner.email, adminPassword: testOwner.password, ...options.config }),
    {
      database,
      deps: options.deps ?? {},
      ...(options.logStream ? { logStream: options.logStream } : {}),
      ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    },
  )
  const api = apiFor(app)
  return {
    app,
    database,
    webDistDir,
    api,
    ownerToken: api.ownerToken,
    async close() {
      await app.close()
      await database.close()
      if (options.appShell) await rm(webDistDir, { recursive: true, force: true })
    },
  }
}

/** Where a story shows to visitors: the list, its page, the sitemap and the RSS feed (scheduled publishing's four places). */
export async function publicPlaces(app: FastifyInstance, slug: string) {
  const get = (url: string) => app.inject({ method: 'GET', url })
  const [list, one, sitemap, rss] = await Promise.all([
    get('/api/posts'),
    get(`/api/posts/slug/${slug}`),
    get('/sitemap.xml'),
    get('/rss.xml'),
  ])
  return {
    list: (list.json().data as { slug: string }[]).some((p) => p.slug === slug),
    page: one.statusCode === 200,
    sitemap: sitemap.body.includes(`/blog/${slug}<`),
    rss: rss.body.includes(`/blog/${slug}<`),
  }
}

export interface ServersOnOneDatabase {
  apps: FastifyInstance[]
  /** One api per server, in the order of `apps`. */
  apis: Api[]
  /** The first server's database handle (each server has its own connection on PostgreSQL). */
  database: Database
  close(): Promise<void>
}

/**
 * Several servers sharing one database, as several processes of one site would: on PostgreSQL
 * (TEST_DATABASE_URL) a fresh migrated database with a connection per server, so the cross-process paths
 * (LISTEN/NOTIFY, shared rate limits, the scheduler's locks) really run; on the embedded database, which one
 * process owns, the servers share its one handle.
 */
export async function startServersOnOneDatabase(
  options: { count?: number; config?: Partial<ServerConfig>; server?: Omit<ServerOptions, 'database'> } = {},
): Promise<ServersOnOneDatabase> {
  const count = options.count ?? 2
  const serverUrl = process.env.TEST_DATABASE_URL
  const empty = serverUrl ? await createMigratedDatabase(serverUrl) : undefined
  const databases: Database[] = []
  if (empty)
    for (let i = 0; i < count; i++) databases.push(await openDatabase({ databaseUrl: empty.url, dataDir: 'memory://' }))
  else {
    const shared = await openTestPglite()
    for (let i = 0; i < count; i++) databases.push(shared)
  }
  const config = testConfig({
    webDistDir: '/nonexistent',
    adminEmail: testOwner.email,
    adminPassword: testOwner.password,
    ...options.config,
  })
  const apps: FastifyInstance[] = []
  for (const database of databases) apps.push(await createServer(config, { ...options.server, database }))
  return {
    apps,
    apis: apps.map((app) => apiFor(app)),
    database: databases[0]!,
    async close() {
      for (const app of apps) await app.close()
      for (const database of new Set(databases)) await database.close()
      await empty?.drop()
    },
  }
}
