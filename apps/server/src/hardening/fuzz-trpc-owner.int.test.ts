import fc from 'fast-check'
import { afterAll, describe, it } from 'vitest'
import {
  callTrpc,
  expectTrpcAnswer,
  hostileBodyFor,
  ownerOnlyProcedures,
  startFuzzServer,
  trpcProcedures,
} from './fuzz-harness'

// The owner's tRPC procedures with a valid token, 50 generated hostile inputs each aimed at the procedure's own
// fields, like the anonymous run (sign-out left out: it would end the session the run uses). Never a 5xx, no
// internal text. Inputs of the API's field names in general mostly lack the procedure's required fields and stop at
// the schema's first check, so twice as many of them reached less of each procedure than these do.
const RUNS = 50
const { server } = await startFuzzServer()
const ownerOnly = await ownerOnlyProcedures(server)
const token = await server.ownerToken()
afterAll(() => server.close())
const targets = trpcProcedures().filter((p) => ownerOnly.has(p.path) && p.path !== 'auth.logout')

describe('tRPC procedures of the owner, signed in', () => {
  it.each(targets.map((p) => [p.path, p] as const))('%s: never a 5xx', async (path, procedure) => {
    await fc.assert(
      fc.asyncProperty(hostileBodyFor(procedure.fields), async (input) => {
        const res = await callTrpc(server.app, path, procedure.type, input, { authorization: `Bearer ${token}` })
        expectTrpcAnswer(`${path} ${JSON.stringify(input)?.slice(0, 200)}`, res)
      }),
      { numRuns: RUNS },
    )
  })
})
