import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import {
  expectRestAnswer,
  ownerOnlyRoutes,
  requestUrl,
  restRequest,
  startFuzzServer,
  writableRowCounts,
} from './fuzz-harness'

// Every REST path under /api, anonymously, with generated hostile input. One generic adapter builds these paths
// from the procedures (rest/index.ts), and the tRPC fuzz already sends each procedure's schema hostile input, so
// these runs aim at what the adapter itself could get wrong: the route's fields and aliases in query and body,
// coercion edge cases, path parameters, the envelope. Public paths get 25 inputs each, owner-only ones 5 (each
// must be refused), and 25 more with a valid token in fuzz-rest-owner.int.test.ts. Never a 5xx, always the
// envelope, and a refused call writes nothing.
const RUNS = { public: 25, ownerOnly: 5 }
const { server, routes } = await startFuzzServer()
const ownerOnly = await ownerOnlyRoutes(server, routes)
afterAll(() => server.close())

const isWrite = (method: string) => method !== 'GET'

describe('REST paths, anonymously', () => {
  it('are found in the route table', () => {
    expect(routes.length).toBeGreaterThan(40)
    expect(ownerOnly.size).toBeGreaterThan(20)
    expect([ownerOnly.has('POST /api/posts'), ownerOnly.has('GET /api/posts')]).toEqual([true, false])
  })

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s: a 4xx or success for every hostile input, never a 5xx, in the envelope, nothing written when refused',
    async (label, route) => {
      const owner = ownerOnly.has(label)
      await fc.assert(
        fc.asyncProperty(restRequest(route), async ({ params, query, body }) => {
          const before = isWrite(route.method) ? await writableRowCounts(server) : ''
          const res = await server.app.inject({
            method: route.method as 'GET',
            url: requestUrl(route.url, params, query),
            ...(isWrite(route.method)
              ? { payload: JSON.stringify(body) ?? 'null', headers: { 'content-type': 'application/json' } }
              : {}),
          })
          expectRestAnswer(label, res)
          // Refused, whatever it was sent: 401, or 400/404 when the request cannot even be read or routed.
          if (owner) expect([label, res.statusCode >= 400]).toEqual([label, true])
          if (res.statusCode >= 400 && before) expect([label, await writableRowCounts(server)]).toEqual([label, before])
        }),
        { numRuns: owner ? RUNS.ownerOnly : RUNS.public },
      )
    },
  )
})
