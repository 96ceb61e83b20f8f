import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '@wayfarer/db/testing'
import type { Database, PrismaClient } from '@wayfarer/db'
import { withSanitizedPostContent } from './sanitized-writes'

let database: Database
let prisma: PrismaClient
let authorId: number
beforeAll(async () => {
  database = await createTestDatabase()
  prisma = withSanitizedPostContent(database.prisma)
  authorId = (await prisma.user.create({ data: { email: 'a@example.com', passwordHash: 'x' } })).id
})
afterAll(() => database.close())

const dirty = '<p>ok</p><script>alert(1)</script><img src="/m.jpg" onerror="x()">'
const clean = '<p>ok</p><img src="/m.jpg" />'
const stored = async (slug: string) => (await database.prisma.post.findUniqueOrThrow({ where: { slug } })).content

describe('the database client every writer uses', () => {
  it('sanitises post HTML on create, createMany, update, updateMany and upsert', async () => {
    await prisma.post.create({ data: { slug: 'a', title: 'A', content: dirty, authorId } })
    expect(await stored('a')).toBe(clean)

    await prisma.post.createMany({ data: [{ slug: 'b', title: 'B', content: dirty, authorId }] })
    expect(await stored('b')).toBe(clean)

    await prisma.post.update({ where: { slug: 'a' }, data: { content: { set: `${dirty}<p>2</p>` } } })
    expect(await stored('a')).toBe(`${clean}<p>2</p>`)

    await prisma.post.updateMany({ where: { slug: 'b' }, data: { content: `${dirty}<p>3</p>` } })
    expect(await stored('b')).toBe(`${clean}<p>3</p>`)

    await prisma.post.upsert({
      where: { slug: 'c' },
      create: { slug: 'c', title: 'C', content: dirty, authorId },
      update: {},
    })
    expect(await stored('c')).toBe(clean)
    await prisma.post.upsert({
      where: { slug: 'c' },
      create: { slug: 'c', title: 'C', authorId },
      update: { content: `${dirty}!` },
    })
    expect(await stored('c')).toBe(`${clean}!`)
  })

  it('leaves writes that do not touch the content alone', async () => {
    await prisma.post.update({ where: { slug: 'a' }, data: { title: 'A2' } })
    expect(await stored('a')).toBe(`${clean}<p>2</p>`)
  })
})
