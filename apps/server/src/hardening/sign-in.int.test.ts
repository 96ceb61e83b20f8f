import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGN_IN_LIMITS } from '@wayfarer/api'
import { ensureAdmin } from '../seed'
import { startTestServer, testOwner, type TestServer } from '../testing/test-server'

// Sign-in: sessions and brute force. The clock is injected: no real waiting.
let server: TestServer
let clock = Date.parse('2026-05-01T10:00:00Z')
beforeAll(async () => {
  server = await startTestServer({ config: { trustProxy: 1 }, deps: { now: () => new Date(clock) } })
})
afterAll(() => server.close())

const login = (password: string, ip: string, email = testOwner.email) =>
  server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-forwarded-for': ip },
    payload: { email, password },
  })
const me = (token: string) => server.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })

describe('sign-in throttle', () => {
  it('counts before verifying: 40 parallel tries from one address get exactly 5 verdicts, the right password last gets none', async () => {
    const ip = '198.51.100.1'
    const tries = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(i === 39 ? testOwner.password : `guess-${i}`, ip)),
    )
    const statuses = tries.map((r) => r.statusCode)
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_LIMITS.perAddressAccount.max)
    expect(statuses.filter((s) => s === 200)).toHaveLength(0)
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - SIGN_IN_LIMITS.perAddressAccount.max)
  })

  it('a stranger failing from their own addresses never locks the owner out of theirs', async () => {
    for (let i = 0; i < 10; i++) await login('wrong', '198.51.100.2')
    const owner = await login(testOwner.password, '192.0.2.10')
    expect(owner.statusCode).toBe(200)
  })

  it('the owner signing in again and again from one address is never refused (the address budget counts failures)', async () => {
    const signIns = []
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress.max + 10; i++)
      signIns.push((await login(testOwner.password, '192.0.2.20')).statusCode)
    expect(signIns.filter((s) => s !== 200)).toEqual([])
  })
})

describe('brute force', () => {
  it('1,000 wrong passwords, batched and parallel over 50 addresses, never yield a token; the owner from a fresh address gets in', async () => {
    clock += 2 * 3_600_000 // a fresh hour for the account
    const guesses = Array.from({ length: 1000 }, (_, i) => `guess-${i}`)
    guesses[600] = testOwner.password // the right one is in the list, past the limit
    const addresses = Array.from({ length: 50 }, (_, i) => `203.0.113.${i + 1}`)

    // Batches: sign-in is never accepted inside a tRPC batch.
    const batchInput = Object.fromEntries(
      guesses.slice(0, 10).map((password, i) => [i, { email: testOwner.email, password }]),
    )
    const batch = await server.app.inject({
      method: 'POST',
      url: `/trpc/${Array(10).fill('auth.login').join(',')}?batch=1`,
      headers: { 'x-forwarded-for': addresses[0]! },
      payload: batchInput,
    })
    expect(batch.statusCode).toBe(400)

    // Then all of them, 100 at a time in parallel, each address taking every 50th guess, alternating REST and tRPC.
    const answers: { status: number; body: string }[] = []
    for (let start = 0; start < guesses.length; start += 100) {
      const wave = guesses.slice(start, start + 100).map((password, j) => {
        const i = start + j
        const ip = addresses[i % addresses.length]!
        return i % 2
          ? login(password, ip)
          : server.app.inject({
              method: 'POST',
              url: '/trpc/auth.login',
              headers: { 'x-forwarded-for': ip },
              payload: { email: testOwner.email, password },
            })
      })
      for (const res of await Promise.all(wave)) answers.push({ status: res.statusCode, body: res.body })
    }
    expect(answers.filter((a) => a.status === 200)).toEqual([])
    expect(answers.some((a) => /"token"/.test(a.body))).toBe(false)
    const verified = answers.filter((a) => a.status === 401).length
    expect(verified).toBeLessThanOrEqual(SIGN_IN_LIMITS.perAccount.max + addresses.length)

    // The owner, from an address the attacker never used, at once (well within a minute), while the attack goes on.
    const attackGoesOn = Promise.all(addresses.slice(0, 10).map((ip) => login('still-guessing', ip)))
    const owner = await login(testOwner.password, '192.0.2.77')
    expect(owner.statusCode).toBe(200)
    expect((await attackGoesOn).every((r) => r.statusCode === 429)).toBe(true)
  }, 120_000)
})

describe('sessions', () => {
  it('end after the absolute lifetime however active they are, and ended sessions are swept', async () => {
    const { token } = (await login(testOwner.password, '192.0.2.20')).json().data
    for (let day = 0; day < 29; day++) {
      clock += 86_400_000
      expect((await me(token)).statusCode).toBe(200)
    }
    clock += 2 * 86_400_000 // day 31 since sign-in
    expect((await me(token)).statusCode).toBe(401)

    const { sweepSessions } = await import('@wayfarer/api')
    await login(testOwner.password, '192.0.2.21')
    clock += 31 * 86_400_000
    expect(await sweepSessions(server.app.deps)).toBeGreaterThanOrEqual(1)
    expect(await server.database.prisma.session.count()).toBe(0)
  })

  it('are all revoked when the owner password changes (ADMIN_PASSWORD at boot)', async () => {
    const first = (await login(testOwner.password, '192.0.2.30')).json().data.token
    const second = (await login(testOwner.password, '192.0.2.31')).json().data.token
    const silent = { warn: () => {} } as unknown as Parameters<typeof ensureAdmin>[2]
    await ensureAdmin(server.app.deps, { adminEmail: testOwner.email, adminPassword: testOwner.password }, silent)
    expect((await me(first)).statusCode).toBe(200) // the same password: nothing changes
    await ensureAdmin(server.app.deps, { adminEmail: testOwner.email, adminPassword: 'a-brand-new-password' }, silent)
    expect((await me(first)).statusCode).toBe(401)
    expect((await me(second)).statusCode).toBe(401)
    expect((await login('a-brand-new-password', '192.0.2.32')).statusCode).toBe(200)
    await ensureAdmin(server.app.deps, { adminEmail: testOwner.email, adminPassword: testOwner.password }, silent)
  })
})
