import { afterAll, describe, expect, it } from 'vitest'
import { migrationStage } from './migration-testing'

// The `post_views` migration on a site whose stories have been read: each count moves to the new table, and
// writing a story's row afterwards still marks its kept pages as out of date.
const stage = migrationStage('post_views')
afterAll(() => stage.cleanup())

describe('the post_views migration on a database with content', () => {
  it('moves every view count, leaves unread stories without a row, and keeps the pages trigger', async () => {
    const before = await stage.openBefore()
    expect(before.appliedMigrations).not.toContain(stage.migration)
    const sql = (text: string) => before.prisma.$executeRawUnsafe(text)
    await sql(`INSERT INTO "users" ("email", "password_hash") VALUES ('a@example.com', 'x')`)
    for (const [i, views] of [120, 0, 7].entries())
      await sql(`INSERT INTO "posts" ("slug", "title", "author_id", "status", "published_at", "updated_at", "view_count")
        VALUES ('p${i}', 'Post ${i}', 1, 'published', now(), now(), ${views})`)
    await before.close()

    const after = await stage.openAfter()
    try {
      expect(after.appliedMigrations).toContain(stage.migration)
      const posts = await after.prisma.post.findMany({
        select: { slug: true, views: { select: { count: true } } },
        orderBy: { slug: 'asc' },
      })
      expect(posts).toEqual([
        { slug: 'p0', views: { count: 120 } },
        { slug: 'p1', views: null },
        { slug: 'p2', views: { count: 7 } },
      ])
      const version = async () =>
        (await after.prisma.pageVersion.findMany({ where: { postId: { not: 0 } }, orderBy: { postId: 'asc' } })).map(
          (v) => Number(v.version),
        )
      const was = await version()
      await after.prisma.post.update({ where: { slug: 'p0' }, data: { title: 'Post 0, again' } })
      expect(await version()).toEqual([was[0]! + 1, ...was.slice(1)])
      // The story's views go with it.
      await after.prisma.post.delete({ where: { slug: 'p0' } })
      expect(await after.prisma.postView.count()).toBe(1)
    } finally {
      await after.close()
    }
  }, 120_000)
})
