import { describe, expect, it } from 'vitest'
import { BatchedViewCounter } from '@wayfarer/api'
import { createTestDatabase } from '@wayfarer/db/testing'
import { startTestServer } from '../testing/test-server'
import { createReadingFixtures } from '../testing/reading-fixtures'

const lastEdited = new Date('2024-03-01T10:00:00.000Z')

async function serverWithOnePost() {
  const server = await startTestServer()
  await createReadingFixtures(server.app.deps.prisma, [
    { slug: 'el-nido', title: 'Island Hopping in El Nido', category: 'beach', views: 7 },
  ])
  await server.database.prisma.post.update({ where: { slug: 'el-nido' }, data: { updatedAt: lastEdited } })
  return server
}

describe('post views', () => {
  it('never change updated_at: the dashboard, the posts list and the sitemap show the last edit, not the last visitor', async () => {
    const server = await serverWithOnePost()
    try {
      for (let i = 0; i < 3; i++)
        expect((await server.app.inject({ method: 'GET', url: '/api/posts/slug/el-nido' })).statusCode).toBe(200)
      // A clean shutdown writes the counted views.
      await server.app.close()
      const stored = await server.database.prisma.post.findUniqueOrThrow({
        where: { slug: 'el-nido' },
        include: { views: true },
      })
      expect(stored.views?.count).toBe(10)
      expect(stored.updatedAt.toISOString()).toBe(lastEdited.toISOString())
    } finally {
      await server.database.close()
    }
  })

  it('survive a clean shutdown: every view counted in memory is in the database after close', async () => {
    const server = await serverWithOnePost()
    try {
      const reads = 25
      for (let i = 0; i < reads; i++) await server.app.inject({ method: 'GET', url: '/api/posts/slug/el-nido' })
      const trpc = await server.app.inject({
        method: 'GET',
        url: `/trpc/posts.bySlug?input=${encodeURIComponent(JSON.stringify({ slug: 'el-nido' }))}`,
      })
      expect(trpc.statusCode).toBe(200)
      await server.app.close()
      const stored = await server.database.prisma.post.findUniqueOrThrow({
        where: { slug: 'el-nido' },
        include: { views: true },
      })
      expect(stored.views?.count).toBe(7 + reads + 1)
    } finally {
      await server.database.close()
    }
  })

  it("of a story deleted before they were written are dropped; the others' are written", async () => {
    const server = await startTestServer()
    try {
      await createReadingFixtures(server.app.deps.prisma, [
        { slug: 'el-nido', title: 'Island Hopping in El Nido', category: 'beach', views: 7 },
        { slug: 'gone', title: 'Gone Soon', category: 'beach' },
      ])
      const gone = await server.database.prisma.post.findUniqueOrThrow({ where: { slug: 'gone' } })
      for (const slug of ['el-nido', 'gone'])
        expect((await server.app.inject({ method: 'GET', url: `/api/posts/slug/${slug}` })).statusCode).toBe(200)
      await server.database.prisma.post.delete({ where: { id: gone.id } })
      await server.app.close()
      const views = await server.database.prisma.postView.findMany({ select: { postId: true, count: true } })
      const kept = await server.database.prisma.post.findUniqueOrThrow({ where: { slug: 'el-nido' } })
      expect(views).toEqual([{ postId: kept.id, count: 8 }])
      expect(server.app.deps.views.pending(gone.id)).toBe(0)
    } finally {
      await server.database.close()
    }
  })

  it('are kept for the next attempt when a write fails', async () => {
    const database = await createTestDatabase()
    const counter = new BatchedViewCounter(database.prisma, { flushEveryMs: 60_000 })
    counter.count(41)
    counter.count(41)
    counter.count(42)
    await database.close()
    await expect(counter.flush()).rejects.toThrow()
    expect(counter.pending(41)).toBe(2)
    expect(counter.pending(42)).toBe(1)
  })
})
