import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { upsertAdmin } from '@wayfarer/api'
import { startTestServer, testOwner, type TestServer } from '../testing/test-server'

let server: TestServer
let clock = Date.now()
beforeAll(async () => {
  server = await startTestServer({ deps: { now: () => new Date(clock) } })
})
afterAll(() => server.close())

const login = (payload: object, ip = '10.0.0.1') =>
  server.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip })
const me = (token: string) =>
  server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })

describe('sign-in', () => {
  it('returns a token and the user, never the password hash', async () => {
    const res = await login(testOwner)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      success: true,
      data: { user: { email: testOwner.email, first_name: expect.any(String), last_name: expect.any(String) } },
    })
    expect(body.data.token).toMatch(/^[\w-]{43}$/) // 256 random bits, base64url
    expect(res.body).not.toMatch(/argon2|password/i)
  })

  it('stores passwords as argon2id and tokens only as hashes', async () => {
    const { token } = (await login(testOwner)).json().data
    const user = await server.database.prisma.user.findUniqueOrThrow({ where: { email: testOwner.email } })
    expect(user.passwordHash).toMatch(/^\$argon2id\$/)
    const sessions = await server.database.prisma.session.findMany()
    expect(sessions.some((s) => s.tokenHash === token)).toBe(false)
    expect(sessions.every((s) => /^[0-9a-f]{64}$/.test(s.tokenHash))).toBe(true)
  })

  it('refuses wrong credentials with 401 and the same message for unknown e-mails', async () => {
    const wrong = await login({ email: testOwner.email, password: 'nope' }, '10.0.0.2')
    const unknown = await login({ email: 'who@example.com', password: 'nope' }, '10.0.0.2')
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ success: false, error: 'Invalid email or password' })
    expect(unknown.json()).toEqual(wrong.json())
  })

  it('requires both fields', async () => {
    const res = await login({ email: '' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, error: 'Email and password are required' })
  })

  it('locks an address out of an account after 5 failures, with a retry-after that grows', async () => {
    const ip = '10.0.0.9'
    const wrong = { email: testOwner.email, password: 'bad' }
    for (let i = 0; i < 5; i++) expect((await login(wrong, ip)).statusCode).toBe(401)
    const locked = await login(testOwner, ip) // even the right password waits, from this address
    expect(locked.statusCode).toBe(429)
    expect(locked.headers['retry-after']).toBe('300')
    expect(locked.json().error).toMatch(/Too many failed sign-in attempts\. Please try again in 5 minutes\./)

    clock += 301_000
    for (let i = 0; i < 5; i++) await login(wrong, ip)
    const again = await login(testOwner, ip)
    expect(again.statusCode).toBe(429)
    expect(again.headers['retry-after']).toBe('600')
    clock += 601_000
    expect((await login(testOwner, ip)).statusCode).toBe(200)
  })

  it('never locks the owner out from another address', async () => {
    const email = testOwner.email
    for (let i = 0; i < 5; i++) await login({ email, password: 'bad' }, `10.1.0.${i}`)
    for (let i = 0; i < 8; i++) await login({ email, password: 'bad' }, '10.1.0.50')
    expect((await login(testOwner, '10.1.0.99')).statusCode).toBe(200)
  })
})

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const { token } = (await login(testOwner, '10.2.0.1')).json().data
    expect((await me(token)).statusCode).toBe(200)
    const out = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(out.statusCode).toBe(200)
    expect((await me(token)).statusCode).toBe(401)
  })

  it('expires after the idle lifetime and slides while used', async () => {
    const { token } = (await login(testOwner, '10.2.0.2')).json().data
    const ttl = 14 * 24 * 3_600_000
    clock += ttl - 60_000
    expect((await me(token)).statusCode).toBe(200) // used just before expiry: slides forward
    clock += ttl - 60_000
    expect((await me(token)).statusCode).toBe(200)
    clock += ttl + 1
    const expired = await me(token)
    expect(expired.statusCode).toBe(401)
    expect(expired.json()).toEqual({ success: false, error: 'Authentication required' })
  })

  it('refuses anonymous and forged tokens', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401)
    expect((await me('forged-token')).statusCode).toBe(401)
    const trpc = await server.app.inject({
      method: 'GET',
      url: '/trpc/auth.me',
      headers: { authorization: 'Bearer forged' },
    })
    expect(trpc.statusCode).toBe(401)
  })
})

describe('uploads', () => {
  it('refuse anonymous callers before reading the body', async () => {
    // An oversized body would be a 413 if it were read; a 401 shows the session was checked first.
    const boundary = '----wayfarer-test'
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.alloc(11 * 1024 * 1024, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    for (const url of ['/api/posts/1/upload', '/api/gallery/upload?folder=x']) {
      const res = await server.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      })
      expect(res.statusCode, url).toBe(401)
      expect(res.json()).toEqual({ success: false, error: 'Authentication required' })
    }
  })
})

describe('the owner account at boot', () => {
  it('is created once when two server processes start on the same fresh database at the same moment', async () => {
    const account = { email: 'Twin.Boot@Wayfarer.test', password: 'both-start-at-once' }
    const [first, second] = await Promise.all([
      upsertAdmin(server.database, account),
      upsertAdmin(server.database, account),
    ])
    expect(second.id).toBe(first.id)
    expect(await server.database.prisma.user.count({ where: { email: 'twin.boot@wayfarer.test' } })).toBe(1)
  })
})
