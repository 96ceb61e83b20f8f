import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appRouter } from '@wayfarer/api'
import { restRoutes } from '.'
import { startTestServer, type TestServer } from '../testing'

/**
 * SPEC.md §6: every admin call needs the owner's bearer token. These tables are read from the router and the
 * REST table themselves, so a procedure or path added later is covered without touching this file — a new
 * REST path is either in PUBLIC_REST below (a deliberate, reviewed choice) or must answer 401 when anonymous.
 */
const PUBLIC_REST = new Set([
  'GET /api/health',
  'POST /api/auth/login',
  'GET /api/posts',
  'GET /api/posts/slug/:slug',
  'GET /api/categories',
  'GET /api/tags',
  'GET /api/comments/post/:postId',
  'POST /api/comments/submit',
  'POST /api/contact',
  'GET /api/gallery',
  'GET /api/gallery/body-photos',
  'GET /api/youtube/travel-videos',
  'GET /api/youtube/shorts',
  'GET /api/places/map',
  'GET /api/places/countries',
  'GET /api/places/countries/:code',
  'GET /api/places/settings',
  'GET /api/posts/slug/:slug/route',
  'GET /api/posts/slug/:slug/place',
])

interface ProcedureDef {
  _def: { type: 'query' | 'mutation' | 'subscription'; meta?: { admin?: boolean } }
}
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>)
const adminProcedures = procedures.filter(([, p]) => p._def.meta?.admin)

let server: TestServer
let expiredToken: string
beforeAll(async () => {
  server = await startTestServer()
  expiredToken = await server.ownerToken()
  // An expired session: the token was real, its lifetime is over.
  await server.database.prisma.session.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } })
})
afterAll(() => server.close())

const credentials = [
  ['anonymous', {}],
  ['a forged token', { authorization: 'Bearer forged-token-that-was-never-issued' }],
  ['a malformed header', { authorization: 'Basic b3duZXI6cGFzcw==' }],
  ['an expired token', {}],
] as const
const headersFor = (label: (typeof credentials)[number][0]) =>
  label === 'an expired token' ? { authorization: `Bearer ${expiredToken}` } : Object.fromEntries(Object.entries(credentials.find(([l]) => l === label)![1]))

describe('every admin tRPC procedure refuses callers without a valid session', () => {
  it('finds the admin procedures of every domain', () => {
    const names = adminProcedures.map(([name]) => name)
    expect(names).toEqual(expect.arrayContaining(['auth.me', 'auth.logout', 'posts.adminList', 'posts.create', 'ai.generate', 'settings.ai', 'dashboard.stats']))
  })

  for (const [label] of credentials) {
    it(`answers 401 to ${label}`, async () => {
      const failures: string[] = []
      for (const [name, procedure] of adminProcedures) {
        const isQuery = procedure._def.type === 'query'
        const res = await server.app.inject({
          method: isQuery ? 'GET' : 'POST',
          url: isQuery ? `/trpc/${name}?input=${encodeURIComponent(JSON.stringify({ id: 1 }))}` : `/trpc/${name}`,
          payload: isQuery ? undefined : { id: 1 },
          headers: headersFor(label),
        })
        if (res.statusCode !== 401) failures.push(`${name} -> ${res.statusCode}`)
      }
      expect(failures).toEqual([])
    })
  }
})

describe('every REST path that is not public refuses callers without a valid session', () => {
  const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`
  const adminRoutes = restRoutes.filter((r) => !PUBLIC_REST.has(key(r)))

  it('lists only existing paths as public', () => {
    const known = new Set(restRoutes.map(key))
    expect([...PUBLIC_REST].filter((k) => !known.has(k))).toEqual([])
    expect(adminRoutes.map(key)).toEqual(expect.arrayContaining(['GET /api/posts/admin', 'POST /api/posts/:id/upload', 'GET /api/settings/ai', 'GET /api/posts/admin/stats']))
  })

  for (const [label] of credentials) {
    it(`answers 401 to ${label}`, async () => {
      const failures: string[] = []
      for (const route of adminRoutes) {
        const url = route.url.replace(/:[A-Za-z]+/g, '1')
        const res = await server.app.inject({
          method: route.method,
          url,
          payload: route.method === 'GET' ? undefined : {},
          headers: headersFor(label),
        })
        if (res.statusCode !== 401 || res.json().success !== false) failures.push(`${key(route)} -> ${res.statusCode}`)
      }
      expect(failures).toEqual([])
    })
  }
})
