import fc from 'fast-check'
import { afterAll, describe, it } from 'vitest'
import {
  callTrpc,
  expectTrpcAnswer,
  hostileBody,
  ownerOnlyProcedures,
  startFuzzServer,
  trpcProcedures,
} from './fuzz-harness'

// The owner's tRPC procedures with a valid token, 200 generated hostile inputs each
// (sign-out left out: it would end the session the run uses). Never a 5xx, no internal text.
const RUNS = 200
const { server } = await startFuzzServer()
const ownerOnly = await ownerOnlyProcedures(server)
const token = await server.ownerToken()
afterAll(() => server.close())
const targets = trpcProcedures().filter((p) => ownerOnly.has(p.path) && p.path !== 'auth.logout')

describe('tRPC procedures of the owner, signed in', () => {
  it.each(targets.map((p) => [p.path, p] as const))('%s: never a 5xx', async (path, procedure) => {
    await fc.assert(
      fc.asyncProperty(hostileBody, async (input) => {
        const res = await callTrpc(server.app, path, procedure.type, input, { authorization: `Bearer ${token}` })
        expectTrpcAnswer(`${path} ${JSON.stringify(input)?.slice(0, 200)}`, res)
      }),
      { numRuns: RUNS },
    )
  })
})
