import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import {
  callTrpc,
  expectTrpcAnswer,
  hostileBodyFor,
  ownerOnlyProcedures,
  startFuzzServer,
  trpcProcedures,
  writableRowCounts,
} from './fuzz-harness'

// Every public tRPC procedure, read from the router itself, with 50 generated hostile inputs aimed at its own
// fields (hostileBodyFor) anonymously (owner-only ones 10, each refused: the sign-in check comes before the input). Never a 5xx, no internal text, and a refused call
// writes nothing. The owner's procedures with a token: fuzz-trpc-owner.int.test.ts.
const RUNS = { public: 50, ownerOnly: 10 }
const { server } = await startFuzzServer()
const ownerOnly = await ownerOnlyProcedures(server)
afterAll(() => server.close())
const procedures = trpcProcedures()

describe('tRPC procedures, anonymously', () => {
  it('are read from the router', () => {
    expect(procedures.length).toBeGreaterThan(60)
    expect([ownerOnly.has('posts.create'), ownerOnly.has('posts.cards')]).toEqual([true, false])
  })

  it.each(procedures.map((p) => [p.path, p] as const))(
    '%s: never a 5xx, nothing written when refused',
    async (path, procedure) => {
      const owner = ownerOnly.has(path)
      await fc.assert(
        fc.asyncProperty(hostileBodyFor(procedure.fields), async (input) => {
          const before = procedure.type === 'mutation' ? await writableRowCounts(server) : ''
          const res = await callTrpc(server.app, path, procedure.type, input)
          expectTrpcAnswer(`${path} ${JSON.stringify(input)?.slice(0, 200)}`, res)
          if (owner) expect([path, res.statusCode >= 400]).toEqual([path, true])
          if (res.statusCode >= 400 && before) expect([path, await writableRowCounts(server)]).toEqual([path, before])
        }),
        { numRuns: owner ? RUNS.ownerOnly : RUNS.public },
      )
    },
  )
})
