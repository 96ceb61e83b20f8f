import fc from 'fast-check'
import { afterAll, describe, it } from 'vitest'
import { expectRestAnswer, ownerOnlyRoutes, requestUrl, restRequest, startFuzzServer } from './fuzz-harness'

// The owner's REST paths with a valid token, 25 generated inputs each aimed at the adapter (see
// fuzz-rest.int.test.ts). A 2xx may write (the owner asked for it); what never happens is a 5xx or an answer
// outside the envelope.
const RUNS = 25
const { server, routes } = await startFuzzServer()
const ownerOnly = await ownerOnlyRoutes(server, routes)
const token = await server.ownerToken()
afterAll(() => server.close())

// Signing out would end the session the rest of the run uses; it is fuzzed anonymously in fuzz-rest.int.test.ts.
const targets = routes.filter((r) => ownerOnly.has(`${r.method} ${r.url}`) && r.url !== '/api/auth/logout')

describe('REST paths of the owner, signed in', () => {
  it.each(targets.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s: never a 5xx, always the envelope',
    async (label, route) => {
      await fc.assert(
        fc.asyncProperty(restRequest(route), async ({ params, query, body }) => {
          const hasBody = route.method !== 'GET'
          const res = await server.app.inject({
            method: route.method as 'GET',
            url: requestUrl(route.url, params, query),
            headers: { authorization: `Bearer ${token}`, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
            ...(hasBody ? { payload: JSON.stringify(body) ?? 'null' } : {}),
          })
          expectRestAnswer(label, res)
        }),
        { numRuns: RUNS },
      )
    },
  )
})
