import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, testOwner, type TestServer } from '../testing/test-server'
import { createCommentablePosts, insertComments } from './comments.fixtures'

let server: TestServer
let token: string
let postId: number

beforeAll(async () => {
  server = await startTestServer()
  token = await server.ownerToken()
  postId = (await createCommentablePosts(server.database.prisma)).published.id
})
afterAll(() => server.close())

const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } })
const publicContents = async () =>
  (
    (await server.app.inject({ method: 'GET', url: `/api/comments/post/${postId}` })).json().data.comments as {
      content: string
    }[]
  ).map((c) => c.content)
const statusOf = async (id: number) =>
  (await server.database.prisma.comment.findUniqueOrThrow({ where: { id } })).status

describe('anonymous callers', () => {
  it.each([
    ['GET', '/api/comments/admin', undefined],
    ['POST', '/api/comments/moderate', { comment_id: 1, action: 'approve' }],
    ['POST', '/api/comments/moderate/bulk', { comment_ids: [1], action: 'spam' }],
    ['DELETE', '/api/comments/1', undefined],
  ] as const)('get 401 from %s %s', async (method, url, payload) => {
    const res = await server.app.inject({ method, url, payload })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ success: false, error: 'Authentication required' })
  })

  it('get 401 from the tRPC procedures too', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/trpc/comments.adminList' })).statusCode).toBe(401)
    const res = await server.app.inject({
      method: 'POST',
      url: '/trpc/comments.moderate',
      payload: { comment_id: 1, action: 'approve' },
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('the moderation queue', () => {
  it('lists comments newest first with counts, status filter and pages of 20', async () => {
    await server.database.prisma.comment.deleteMany()
    await insertComments(server.database.prisma, postId, [
      ...Array.from({ length: 22 }, () => ({ status: 'pending' as const })),
      { status: 'approved' },
      { status: 'denied' },
      { status: 'spam' },
    ])
    const all = await admin('GET', '/api/comments/admin')
    expect(all.statusCode).toBe(200)
    const body = all.json()
    expect(body.data.counts).toEqual({ pending: 22, approved: 1, denied: 1, spam: 1, total: 25 })
    expect(body.data.pagination).toEqual({ page: 1, limit: 20, total: 25, totalPages: 2 })
    expect(body.data.comments).toHaveLength(20)
    expect(body.data.comments[0]).toEqual({
      id: expect.any(Number),
      post_id: postId,
      author_name: 'Reader 24',
      author_email: 'reader24@example.com',
      author_website: null,
      content: 'Comment number 24 about the trip.',
      status: 'spam',
      created_at: expect.any(String),
      moderated_at: null,
      moderated_by_email: null,
      post_title: 'Crossing the Salt Flats',
      post_slug: 'salt-flats',
    })

    const pending = (await admin('GET', '/api/comments/admin?status=pending&page=2')).json().data
    expect(pending.pagination).toEqual({ page: 2, limit: 20, total: 22, totalPages: 2 })
    expect(pending.comments.map((c: { author_name: string }) => c.author_name)).toEqual(['Reader 1', 'Reader 0'])
    expect((await admin('GET', '/api/comments/admin?status=denied')).json().data.comments).toHaveLength(1)

    const bad = await admin('GET', '/api/comments/admin?status=maybe')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toBe('Status must be all, pending, approved, denied or spam')
  })
})

describe('moderating one comment', () => {
  it('approving makes it public and records who and when', async () => {
    const [comment] = await insertComments(server.database.prisma, postId, [
      { status: 'pending', content: 'Approve me, I am lovely.' },
    ])
    expect(await publicContents()).not.toContain('Approve me, I am lovely.')
    const before = Date.now()
    const res = await admin('POST', '/api/comments/moderate', { comment_id: comment!.id, action: 'approve' })
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    expect(data).toMatchObject({ id: comment!.id, status: 'approved', moderated_by_email: testOwner.email })
    expect(Date.parse(data.moderated_at)).toBeGreaterThanOrEqual(before)
    expect(Date.parse(data.moderated_at)).toBeLessThanOrEqual(Date.now())
    expect(await publicContents()).toContain('Approve me, I am lovely.')
  })

  it('deny and spam hide it again; re-approve brings it back', async () => {
    const [comment] = await insertComments(server.database.prisma, postId, [
      { status: 'approved', content: 'Moderate me back and forth.' },
    ])
    for (const [action, status] of [
      ['deny', 'denied'],
      ['spam', 'spam'],
      ['approve', 'approved'],
    ] as const) {
      const res = await admin('POST', '/api/comments/moderate', { comment_id: comment!.id, action })
      expect(res.json().data.status).toBe(status)
      expect(await statusOf(comment!.id)).toBe(status)
      expect((await publicContents()).includes('Moderate me back and forth.')).toBe(status === 'approved')
    }
  })

  it('refuses an unknown action with 400 and a missing comment with 404', async () => {
    const [comment] = await insertComments(server.database.prisma, postId, [{ status: 'pending' }])
    const unknown = await admin('POST', '/api/comments/moderate', { comment_id: comment!.id, action: 'publish' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({ success: false, error: 'Action must be approve, deny or spam' })
    expect(await statusOf(comment!.id)).toBe('pending')
    const missing = await admin('POST', '/api/comments/moderate', { comment_id: 999_999, action: 'approve' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ success: false, error: 'Comment not found' })
  })
})

describe('bulk moderation', () => {
  it('changes every selected comment', async () => {
    const [a, b, c] = await insertComments(server.database.prisma, postId, [
      { status: 'pending' },
      { status: 'pending' },
      { status: 'pending' },
    ])
    const res = await admin('POST', '/api/comments/moderate/bulk', { comment_ids: [a!.id, b!.id], action: 'spam' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, data: { updated: 2 } })
    const rows = await server.database.prisma.comment.findMany({
      where: { id: { in: [a!.id, b!.id] } },
      include: { moderatedBy: true },
    })
    expect(rows.every((r) => r.status === 'spam' && r.moderatedAt && r.moderatedBy?.email === testOwner.email)).toBe(
      true,
    )
    expect(await statusOf(c!.id)).toBe('pending')
  })

  it('is all or nothing: one unknown id and no comment changes', async () => {
    const [a, b] = await insertComments(server.database.prisma, postId, [{ status: 'pending' }, { status: 'denied' }])
    const res = await admin('POST', '/api/comments/moderate/bulk', {
      comment_ids: [a!.id, 999_999, b!.id],
      action: 'approve',
    })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, error: 'Comments not found: 999999. Nothing was changed.' })
    const rows = await server.database.prisma.comment.findMany({
      where: { id: { in: [a!.id, b!.id] } },
      orderBy: { id: 'asc' },
    })
    expect(rows.map((r) => [r.status, r.moderatedAt])).toEqual([
      ['pending', null],
      ['denied', null],
    ])
  })

  it('needs a selection and a known action', async () => {
    const empty = await admin('POST', '/api/comments/moderate/bulk', { comment_ids: [], action: 'spam' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error).toBe('Select at least one comment')
    const unknown = await admin('POST', '/api/comments/moderate/bulk', { comment_ids: [1], action: 'nuke' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error).toBe('Action must be approve, deny or spam')
  })
})

describe('deleting', () => {
  it('removes a comment permanently; a second delete is 404', async () => {
    const [comment] = await insertComments(server.database.prisma, postId, [
      { status: 'approved', content: 'Delete me for good.' },
    ])
    const res = await admin('DELETE', `/api/comments/${comment!.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, data: { deleted: comment!.id } })
    expect(await server.database.prisma.comment.findUnique({ where: { id: comment!.id } })).toBeNull()
    expect(await publicContents()).not.toContain('Delete me for good.')
    expect((await admin('DELETE', `/api/comments/${comment!.id}`)).statusCode).toBe(404)
    expect((await admin('DELETE', '/api/comments/abc')).statusCode).toBe(400)
  })
})
