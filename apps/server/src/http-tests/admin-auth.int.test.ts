import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listProcedures } from '@wayfarer/api'
import { restProcedures, type RestProcedure } from '../rest'
import { startTestServer, type TestServer } from '../testing/test-server'

/**
 * Every admin call needs the owner's bearer token. These tables are read from the router itself (its
 * procedures and their REST metadata), so a procedure or path added later is covered without touching this file:
 * a REST path is public exactly when its procedure is a `publicProcedure`, and then must not ask for a session.
 */
const restPaths = restProcedures()
const key = (p: RestProcedure) => `${p.rest.method} ${p.rest.path}`

const adminProcedures = listProcedures().filter((p) => p.admin)

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
  label === 'an expired token'
    ? { authorization: `Bearer ${expiredToken}` }
    : Object.fromEntries(Object.entries(credentials.find(([l]) => l === label)![1]))

describe('every admin tRPC procedure refuses callers without a valid session', () => {
  it('finds the admin procedures of every domain', () => {
    const names = adminProcedures.map((p) => p.path)
    expect(names).toEqual(
      expect.arrayContaining([
        'auth.me',
        'auth.logout',
        'posts.adminList',
        'posts.create',
        'ai.generate',
        'settings.ai',
        'dashboard.stats',
        'trips.create',
        'trips.addDay',
        'trips.setStoryTrip',
        'trips.setPhotoTrip',
      ]),
    )
  })

  for (const [label] of credentials) {
    it(`answers 401 to ${label}`, async () => {
      const failures: string[] = []
      for (const { path: name, type } of adminProcedures) {
        const isQuery = type === 'query'
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
  const adminPaths = restPaths.filter((p) => p.admin)

  it('reads which paths are public from the procedures', () => {
    expect(restPaths.filter((p) => !p.admin).map(key)).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'POST /api/auth/login',
        'GET /api/posts',
        'POST /api/comments/submit',
        'POST /api/contact',
        'GET /api/trips',
        'GET /api/trips/:slug',
      ]),
    )
    expect(adminPaths.map(key)).toEqual(
      expect.arrayContaining([
        'GET /api/posts/admin',
        'POST /api/posts/:id/upload',
        'GET /api/settings/ai',
        'GET /api/posts/admin/stats',
        'POST /api/trips',
        'PUT /api/posts/:id/trip',
      ]),
    )
  })

  for (const [label] of credentials) {
    it(`answers 401 to ${label}`, async () => {
      const failures: string[] = []
      for (const p of adminPaths) {
        const res = await server.app.inject({
          method: p.rest.method,
          url: p.rest.path.replace(/:[A-Za-z_]+/g, '1'),
          payload: p.rest.method === 'GET' ? undefined : {},
          headers: headersFor(label),
        })
        if (res.statusCode !== 401 || res.json().success !== false) failures.push(`${key(p)} -> ${res.statusCode}`)
      }
      expect(failures).toEqual([])
    })
  }
})

describe('a public REST path never asks a visitor for a session', () => {
  it('answers anything but 401 to an anonymous call of every public path', async () => {
    const failures: string[] = []
    for (const p of restPaths.filter((r) => !r.admin)) {
      const res = await server.app.inject({
        method: p.rest.method,
        url: p.rest.path.replace(/:[A-Za-z_]+/g, '1'),
        payload: p.rest.method === 'GET' ? undefined : {},
      })
      if (res.statusCode === 401) failures.push(key(p))
    }
    expect(failures).toEqual([])
  })
})
