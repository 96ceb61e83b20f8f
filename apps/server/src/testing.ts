import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '@wayfarer/api'
import { createTestDatabase } from '@wayfarer/db/testing'
import type { Database } from '@wayfarer/db'
import { testConfig, type ServerConfig } from './config'
import { createServer, type ServerOptions } from './server'

export const testOwner = { email: 'owner@wayfarer.test', password: 'owner-password-1' }

export interface TestServer {
  app: FastifyInstance
  database: Database
  /** Signs the owner in through the REST path and returns the bearer token. */
  ownerToken(): Promise<string>
  close(): Promise<void>
}

/**
 * A whole server on a fresh migrated database (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL),
 * driven with app.inject — real HTTP semantics without a socket.
 */
export async function startTestServer(
  options: { config?: Partial<ServerConfig>; deps?: Partial<AppDeps>; logStream?: NodeJS.WritableStream; onRoute?: ServerOptions['onRoute'] } = {},
): Promise<TestServer> {
  const database = await createTestDatabase()
  const app = await createServer(
    testConfig({ webDistDir: '/nonexistent', adminEmail: testOwner.email, adminPassword: testOwner.password, ...options.config }),
    { database, deps: options.deps ?? {}, ...(options.logStream ? { logStream: options.logStream } : {}), ...(options.onRoute ? { onRoute: options.onRoute } : {}) },
  )
  let token: string | undefined
  return {
    app,
    database,
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
    },
  }
}
