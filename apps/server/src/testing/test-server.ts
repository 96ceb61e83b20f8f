import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '@wayfarer/api'
import { createTestDatabase } from '@wayfarer/db/testing'
import type { Database } from '@wayfarer/db'
import type { ServerConfig } from '../config'
import { testConfig } from './test-config'
import { createServer, type ServerOptions } from '../server'

export const testOwner = { email: 'owner@wayfarer.test', password: 'owner-password-1' }

export interface TestServer {
  app: FastifyInstance
  database: Database
  /** With `appShell`: the temporary folder that stands in for apps/web's build (removed on close); tests may write fixtures there. */
  webDistDir: string
  /** Signs the owner in through the REST path and returns the bearer token. */
  ownerToken(): Promise<string>
  close(): Promise<void>
}

export interface TestServerOptions {
  config?: Partial<ServerConfig>
  deps?: Partial<AppDeps>
  logStream?: NodeJS.WritableStream
  onRoute?: ServerOptions['onRoute']
  /** Serve a one-line stand-in for apps/web's build, so the pages (the SPA fallback, redirects, the embedded head) answer. */
  appShell?: boolean
}

/**
 * A whole server on a fresh migrated database (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL),
 * driven with app.inject — real HTTP semantics without a socket.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const webDistDir = options.appShell ? await mkdtemp(path.join(tmpdir(), 'wayfarer-shell-')) : '/nonexistent'
  if (options.appShell)
    await writeFile(
      path.join(webDistDir, 'index.html'),
      '<!doctype html><html><head><!--app-head--></head><body></body></html>',
    )
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
  let token: string | undefined
  return {
    app,
    database,
    webDistDir,
    async ownerToken() {
      if (token) return token
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: testOwner })
      if (res.statusCode !== 200) throw new Error(`owner login failed: ${res.body}`)
      token = (res.json() as { data: { token: string } }).data.token
      return token
    },
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
