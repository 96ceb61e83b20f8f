import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing/test-server'

let server: TestServer
let clock = Date.UTC(2026, 10, 1, 9)
beforeAll(async () => {
  server = await startTestServer({ deps: { now: () => new Date(clock) } })
})
afterAll(() => server.close())

const valid = {
  name: 'Ana Souza',
  email: 'ana@example.com',
  subject: 'Collaboration',
  message: 'Loved your Lisbon video — could we work together?',
}
let nextIp = 1
const send = (payload: object, ip = `10.9.0.${nextIp++}`) =>
  server.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip })
const admin = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${await server.ownerToken()}` } })

describe('POST /api/contact', () => {
  it('stores the message before answering success', async () => {
    const res = await send(valid, '10.8.0.1')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({ success: true, data: { id: expect.any(Number) }, message: 'Message Sent!' })
    const row = await server.database.prisma.contactMessage.findUniqueOrThrow({ where: { id: body.data.id } })
    expect(row).toMatchObject({ ...valid, readAt: null, createdAt: new Date(clock) })
    // The address is kept only as a keyed hash.
    expect(row.ipHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row.ipHash).not.toContain('10.8.0.1')
  })

  it('trims the fields', async () => {
    const res = await send({ name: '  Bo  ', email: ' bo@example.com ', subject: ' Hi ', message: ' Hello there ' })
    const row = await server.database.prisma.contactMessage.findUniqueOrThrow({ where: { id: res.json().data.id } })
    expect(row).toMatchObject({ name: 'Bo', email: 'bo@example.com', subject: 'Hi', message: 'Hello there' })
  })

  it('requires all four fields', async () => {
    const before = await server.database.prisma.contactMessage.count()
    for (const missing of ['name', 'email', 'subject', 'message'] as const) {
      for (const payload of [
        { ...valid, [missing]: '' },
        { ...valid, [missing]: '   ' },
        Object.fromEntries(Object.entries(valid).filter(([k]) => k !== missing)),
      ]) {
        const res = await send(payload)
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual({ success: false, error: 'Please fill in all required fields' })
      }
    }
    expect((await send({})).statusCode).toBe(400)
    expect(await server.database.prisma.contactMessage.count()).toBe(before)
  })

  it('validates the e-mail address', async () => {
    for (const email of ['not-an-email', 'a@b', 'ana@@example.com']) {
      const res = await send({ ...valid, email })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ success: false, error: 'Please enter a valid email address' })
    }
  })

  it('caps the lengths', async () => {
    const cases = [
      [{ name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
      [{ subject: 's'.repeat(201) }, 'Subject must be at most 200 characters'],
      [{ message: 'm'.repeat(5001) }, 'Message must be at most 5000 characters'],
      [{ email: `${'e'.repeat(250)}@example.com` }, 'Email must be at most 254 characters'],
    ] as const
    for (const [change, error] of cases) {
      const res = await send({ ...valid, ...change })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ success: false, error })
    }
    expect((await send({ ...valid, message: 'm'.repeat(5000) })).statusCode).toBe(200)
  })

  it('refuses non-string fields with 400, not 500', async () => {
    const res = await send({ ...valid, name: { $ne: 1 }, message: 42 })
    expect(res.statusCode).toBe(400)
  })

  it('limits each address to 5 messages in 10 minutes with a clear 429', async () => {
    const ip = '10.7.0.1'
    for (let i = 0; i < 5; i++) expect((await send(valid, ip)).statusCode).toBe(200)
    const limited = await send(valid, ip)
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBe('600')
    expect(limited.json()).toEqual({
      success: false,
      error: 'You have sent several messages in a short time. Please try again in 10 minutes.',
    })
    // Other visitors are unaffected, and the limit lifts once the window has passed.
    expect((await send(valid, '10.7.0.2')).statusCode).toBe(200)
    clock += 10 * 60_000
    expect((await send(valid, ip)).statusCode).toBe(200)
  })
})

describe('the owner’s inbox', () => {
  it('is closed to visitors', async () => {
    for (const [method, url] of [
      ['GET', '/api/contact/admin'],
      ['GET', '/api/contact/admin/unread-count'],
      ['POST', '/api/contact/1/read'],
      ['DELETE', '/api/contact/1'],
    ] as const) {
      const res = await server.app.inject({ method, url })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ success: false, error: 'Authentication required' })
    }
  })

  it('lists messages newest first with pagination and the unread count, marks them read and deletes them', async () => {
    await server.database.prisma.contactMessage.deleteMany()
    const ids: number[] = []
    for (let i = 1; i <= 3; i++) {
      clock += 60_000
      ids.push((await send({ ...valid, subject: `Note ${i}` })).json().data.id)
    }
    const page1 = await admin('GET', '/api/contact/admin?page=1&limit=2')
    expect(page1.statusCode).toBe(200)
    expect(page1.json().data).toEqual({
      messages: [
        {
          id: ids[2],
          name: valid.name,
          email: valid.email,
          subject: 'Note 3',
          message: valid.message,
          created_at: new Date(clock).toISOString(),
          read_at: null,
        },
        expect.objectContaining({ id: ids[1], subject: 'Note 2' }),
      ],
      unread: 3,
      pagination: { page: 1, limit: 2, total: 3, pages: 2 },
    })
    expect(
      (await admin('GET', '/api/contact/admin?page=2&limit=2')).json().data.messages.map((m: { id: number }) => m.id),
    ).toEqual([ids[0]])

    const read = await admin('POST', `/api/contact/${ids[1]}/read`)
    expect(read.json().data).toMatchObject({ id: ids[1], read_at: new Date(clock).toISOString() })
    expect((await admin('GET', '/api/contact/admin/unread-count')).json()).toEqual({
      success: true,
      data: { unread: 2 },
    })
    expect(
      (await admin('GET', '/api/contact/admin?status=unread')).json().data.messages.map((m: { id: number }) => m.id),
    ).toEqual([ids[2], ids[0]])
    expect(
      (await admin('GET', '/api/contact/admin?status=read')).json().data.messages.map((m: { id: number }) => m.id),
    ).toEqual([ids[1]])

    const unread = await admin('POST', `/api/contact/${ids[1]}/read`, { read: false })
    expect(unread.json().data.read_at).toBeNull()

    expect((await admin('DELETE', `/api/contact/${ids[0]}`)).json()).toEqual({ success: true, data: { id: ids[0] } })
    expect(await server.database.prisma.contactMessage.count()).toBe(2)
  })

  it('answers unknown or malformed ids and filters with 404 / 400', async () => {
    const missing = await admin('DELETE', '/api/contact/999999')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ success: false, error: 'Message not found' })
    expect((await admin('POST', '/api/contact/999999/read')).statusCode).toBe(404)
    expect((await admin('DELETE', '/api/contact/abc')).statusCode).toBe(400)
    expect((await admin('GET', '/api/contact/admin?status=bogus')).statusCode).toBe(400)
    expect((await admin('GET', '/api/contact/admin?page=0')).statusCode).toBe(400)
  })
})
