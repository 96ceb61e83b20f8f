import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../testing/test-server'

let server: TestServer
let owner: Api

beforeAll(async () => {
  server = await startTestServer()
  owner = await server.api.asOwner()
})
afterAll(() => server.close())

const story = (n: number) => ({ title: 'Salt flats', content: `<p>Version ${n} of the white desert.</p>` })

async function createdPost(fields: object = {}): Promise<number> {
  const res = await owner.post('/api/posts', { ...story(1), ...fields })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.id
}

const revisions = async (id: number) => {
  const res = await owner.get(`/api/posts/admin/${id}/revisions`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { id: number; title: string; word_count: number; autosave: boolean }[]
}
const revisionText = async (id: number, revisionId: number): Promise<string> =>
  (await owner.get(`/api/posts/admin/${id}/revisions/${revisionId}`)).json().data.content

describe('post revisions', () => {
  it('stores a version on every save and keeps the newest 20', async () => {
    const id = await createdPost()
    for (let n = 2; n <= 25; n++) {
      const res = await owner.put(`/api/posts/${id}`, story(n))
      expect(res.statusCode, res.body).toBe(200)
    }
    const kept = await revisions(id)
    expect(kept).toHaveLength(20)
    expect(await revisionText(id, kept[0]!.id)).toBe('<p>Version 25 of the white desert.</p>')
    expect(await revisionText(id, kept[19]!.id)).toBe('<p>Version 6 of the white desert.</p>')
    expect(kept[0]).toMatchObject({ title: 'Salt flats', word_count: 6, autosave: false })
    expect(await server.database.prisma.postRevision.count({ where: { postId: id } })).toBe(20)
  })

  it('restores an earlier version as a new save, which is itself a revision and can be undone', async () => {
    const id = await createdPost({ status: 'published', excerpt: 'First excerpt' })
    await owner.put(`/api/posts/${id}`, { ...story(2), excerpt: 'Second excerpt' })
    const [second, first] = await revisions(id)
    const restored = await owner.post(`/api/posts/${id}/revisions/${first!.id}/restore`, {})
    expect(restored.statusCode, restored.body).toBe(200)
    const post = (await owner.get(`/api/posts/admin/${id}`)).json().data
    expect(post).toMatchObject({ content: '<p>Version 1 of the white desert.</p>', excerpt: 'First excerpt' })
    expect(post.status).toBe('published')
    const after = await revisions(id)
    expect(after).toHaveLength(3)
    expect(await revisionText(id, after[0]!.id)).toBe('<p>Version 1 of the white desert.</p>')
    // Undo: restore what was newest before.
    await owner.post(`/api/posts/${id}/revisions/${second!.id}/restore`, {})
    expect((await owner.get(`/api/posts/admin/${id}`)).json().data.excerpt).toBe('Second excerpt')
  })

  it("refuses another post's revision and unknown ones with 404", async () => {
    const a = await createdPost()
    const b = await createdPost()
    const [ofA] = await revisions(a)
    const res = await owner.post(`/api/posts/${b}/revisions/${ofA!.id}/restore`, {})
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, error: 'That version of the post no longer exists' })
    expect((await owner.get(`/api/posts/admin/999999/revisions`)).statusCode).toBe(404)
    expect((await owner.get(`/api/posts/admin/${a}/revisions/abc`)).statusCode).toBe(400)
  })

  it('autosaves a draft itself but keeps a published story unchanged, its autosave a revision only', async () => {
    const draft = await createdPost()
    const saved = await owner.post(`/api/posts/${draft}/autosave`, { ...story(2), status: 'published' })
    expect(saved.json().data).toMatchObject({ id: draft, kept: 'post' })
    const draftNow = (await owner.get(`/api/posts/admin/${draft}`)).json().data
    expect(draftNow).toMatchObject({ status: 'draft', content: '<p>Version 2 of the white desert.</p>' })

    const live = await createdPost({ status: 'published' })
    let previous: number | undefined
    for (const n of [2, 3]) {
      const res = await owner.post(`/api/posts/${live}/autosave`, { ...story(n), revision_id: previous })
      expect(res.json().data).toMatchObject({ id: live, kept: 'revision' })
      previous = res.json().data.revision_id
    }
    expect((await owner.get(`/api/posts/admin/${live}`)).json().data.content).toBe(
      '<p>Version 1 of the white desert.</p>',
    )
    // Autosaves of one writing session share one entry.
    const kept = await revisions(live)
    expect(kept.map((r) => r.autosave)).toEqual([true, false])
    expect(kept[0]!.id).toBe(previous)
    expect(await revisionText(live, kept[0]!.id)).toBe('<p>Version 3 of the white desert.</p>')
    // Another session (a reopened editor, which names no earlier autosave) keeps that one and adds its own.
    await owner.post(`/api/posts/${live}/autosave`, story(4))
    const after = await revisions(live)
    expect(after.map((r) => r.autosave)).toEqual([true, true, false])
    expect(await revisionText(live, after[1]!.id)).toBe('<p>Version 3 of the white desert.</p>')
  })

  it('answers visitors 401 on every revision path and writes nothing', async () => {
    const id = await createdPost()
    const [only] = await revisions(id)
    const anonymous = server.api
    for (const res of [
      await anonymous.get(`/api/posts/admin/${id}/revisions`),
      await anonymous.get(`/api/posts/admin/${id}/revisions/${only!.id}`),
      await anonymous.post(`/api/posts/${id}/revisions/${only!.id}/restore`, {}),
      await anonymous.post(`/api/posts/${id}/autosave`, story(9)),
    ]) {
      expect(res.statusCode).toBe(401)
      expect(res.json().success).toBe(false)
    }
    expect(await revisions(id)).toHaveLength(1)
  })
})
