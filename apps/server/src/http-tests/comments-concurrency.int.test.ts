import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing/test-server'
import { createCommentablePosts, validComment } from './comments.fixtures'

let server: TestServer
beforeAll(async () => {
  // Behind a proxy the visitor's address comes from X-Forwarded-For; that is how 200 visitors are simulated.
  server = await startTestServer({ config: { trustProxy: 1 } })
})
afterAll(() => server.close())

it('stores 200 concurrent submissions from distinct addresses exactly once each', async () => {
  const postId = (await createCommentablePosts(server.database.prisma)).published.id
  const responses = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      server.app.inject({
        method: 'POST',
        url: '/api/comments/submit',
        headers: { 'x-forwarded-for': `192.0.${Math.floor(i / 200)}.${i + 1}` },
        payload: validComment(postId, { author_name: `Visitor ${i}`, content: `Concurrent comment number ${i}.` }),
      }),
    ),
  )
  expect(responses.map((r) => r.statusCode)).toEqual(Array(200).fill(200))
  const rows = await server.database.prisma.comment.findMany({
    where: { postId },
    select: { content: true, ipHash: true, status: true },
  })
  expect(rows).toHaveLength(200)
  expect(new Set(rows.map((r) => r.content)).size).toBe(200)
  expect(new Set(rows.map((r) => r.ipHash)).size).toBe(200)
  expect(rows.every((r) => r.status === 'pending')).toBe(true)
})
