import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MailWorker } from '@wayfarer/api'
import { startTestServer, type Api, type TestServer } from '../testing/test-server'
import { eventually, linkIn, rawHeader, startSmtpSink, type SmtpSink } from '../testing/smtp-sink'

let smtp: SmtpSink
let server: TestServer
let owner: Api
beforeAll(async () => {
  smtp = await startSmtpSink()
  server = await startTestServer({
    config: {
      mail: {
        smtpUrl: smtp.url,
        from: 'Wayfarer <news@wayfarer.test>',
        dkim: undefined,
        checkEveryMs: 100,
        retryBaseMs: 50,
        leaseMs: 300_000,
      },
    },
  })
  owner = await server.api.asOwner()
})
afterAll(async () => {
  await server.close()
  await smtp.close()
})

let address = 0
const subscribe = (email: string, extra: Record<string, unknown> = {}) =>
  server.api.post('/api/newsletter/subscribe', { email, ...extra }, { remoteAddress: `198.51.100.${++address}` })
const statusOf = async (email: string) =>
  (await server.database.prisma.newsletterSubscriber.findUnique({ where: { email } }))?.status

/** Subscribes and follows the confirmation link from the mail that arrived. */
async function confirmed(email: string): Promise<void> {
  expect((await subscribe(email)).statusCode).toBe(200)
  await eventually(() => smtp.to(email).length > 0)
  const confirm = await server.api.get(linkIn(smtp.to(email)[0]!, '/newsletter/confirm'))
  expect(confirm.statusCode).toBe(200)
}

/** Sends whatever is due now, so a test can say what did not arrive. */
const drain = () => (server.app.deps.mail as MailWorker).drain()

const publish = async (title: string) => {
  const res = await owner.post('/api/posts', { title, content: '<p>Notes from the road.</p>', status: 'published' })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { id: number; slug: string }
}

describe('subscribing by e-mail', () => {
  it('answers the same for a new and a known address, and sends one signed confirmation', async () => {
    const first = await subscribe('ann@example.com', { name: 'Ann' })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ success: true, message: 'Check your inbox to confirm' })
    const again = await subscribe('ANN@example.com')
    expect(again.json()).toEqual(first.json())
    await eventually(() => smtp.to('ann@example.com').length > 0)
    const [mail] = smtp.to('ann@example.com')
    expect(mail!.subject).toContain('Confirm your subscription')
    expect(mail!.html).toContain('/newsletter/confirm?token=')
    expect(await statusOf('ann@example.com')).toBe('pending')
    // A flood for one address: still one confirmation this hour.
    for (let i = 0; i < 3; i++) await subscribe('ann@example.com')
    await drain()
    expect(smtp.to('ann@example.com')).toHaveLength(1)

    const page = await server.api.get(linkIn(mail!, '/newsletter/confirm'))
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('You are subscribed')
    expect(await statusOf('ann@example.com')).toBe('confirmed')
  })

  it('refuses invalid addresses with 400 and drops the honeypot silently', async () => {
    const bad = await subscribe('not-an-address')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ success: false, error: 'Please enter a valid email address' })
    const bot = await subscribe('bot@example.com', { website_url: 'http://spam.example' })
    expect(bot.statusCode).toBe(200)
    expect(await statusOf('bot@example.com')).toBeUndefined()
  })

  it('limits sign-ups per visitor address', async () => {
    const from = { remoteAddress: '203.0.113.50' }
    const answers = []
    for (let i = 0; i < 6; i++)
      answers.push(
        (await server.api.post('/api/newsletter/subscribe', { email: `flood${i}@example.com` }, from)).statusCode,
      )
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
    expect(answers[5]).toBe(429)
  })

  it('a forged or expired link says so and changes nothing', async () => {
    await subscribe('forged@example.com')
    await eventually(() => smtp.to('forged@example.com').length > 0)
    const link = linkIn(smtp.to('forged@example.com')[0]!, '/newsletter/confirm')
    const forged = link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
    const answer = await server.api.get(forged)
    expect(answer.statusCode).toBe(400)
    expect(answer.body).toContain('not valid or has expired')
    const [, id] = /token=(\d+)\./.exec(link)!
    const expired = await server.api.get(`/newsletter/confirm?token=${id}.1000.${'a'.repeat(32)}`)
    expect(expired.statusCode).toBe(400)
    expect(await statusOf('forged@example.com')).toBe('pending')
  })
})

describe('a published story', () => {
  it('reaches confirmed followers only, once, with the unsubscribe headers', async () => {
    await confirmed('reader@example.com')
    await subscribe('unconfirmed@example.com')
    await eventually(() => smtp.to('unconfirmed@example.com').length > 0)
    const story = await publish('Night Train to Hanoi')
    await eventually(() => smtp.to('reader@example.com').length === 2)
    const mail = smtp.to('reader@example.com')[1]!
    expect(mail.subject).toBe('Night Train to Hanoi')
    expect(mail.text).toContain(`/blog/${story.slug}`)
    expect(mail.html).toContain('<table')
    expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    expect(rawHeader(mail, 'List-Unsubscribe')).toMatch(/^<http:\/\/localhost:\d+\/newsletter\/unsubscribe\?token=/)
    expect(rawHeader(mail, 'List-Id')).toBe('Wayfarer <followers.localhost>')
    expect(mail.messageId).toMatch(/^<outbox-\d+@/)
    expect(smtp.to('unconfirmed@example.com')).toHaveLength(1)
    // Editing and saving it again mails nobody.
    await owner.put(`/api/posts/${story.id}`, { title: 'Night Train to Hanoi', content: '<p>More notes.</p>' })
    await drain()
    expect(smtp.to('reader@example.com')).toHaveLength(2)
    const status = await owner.get(`/api/newsletter/posts/${story.id}`)
    expect(status.json().data).toMatchObject({ sent: expect.any(Number), failed: 0, pending: 0 })
  })

  it('unsubscribes by the link and by the one-click POST; then no more mail', async () => {
    await confirmed('leaver@example.com')
    await confirmed('clicker@example.com')
    await publish('Ferry to Koh Tao')
    await eventually(() => smtp.to('leaver@example.com').length === 2 && smtp.to('clicker@example.com').length === 2)
    const link = await server.api.get(linkIn(smtp.to('leaver@example.com')[1]!, '/newsletter/unsubscribe'))
    expect(link.statusCode).toBe(200)
    expect(link.body).toContain('You are unsubscribed')
    const header = rawHeader(smtp.to('clicker@example.com')[1]!, 'List-Unsubscribe') ?? ''
    const path = /<https?:\/\/[^/]+([^>]+)>/.exec(header)![1]!
    const oneClick = await server.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.statusCode).toBe(200)
    expect(await statusOf('leaver@example.com')).toBe('unsubscribed')
    expect(await statusOf('clicker@example.com')).toBe('unsubscribed')
    await publish('Last Light in Luang Prabang')
    await drain()
    expect(smtp.to('leaver@example.com')).toHaveLength(2)
    expect(smtp.to('clicker@example.com')).toHaveLength(2)
  })

  it('is not mailed when the owner skips it; a test goes to the owner alone', async () => {
    await confirmed('quiet@example.com')
    const res = await owner.post('/api/posts', {
      title: 'Unmailed Notes',
      content: '<p>Just for the site.</p>',
      status: 'published',
      email_followers: false,
    })
    const { id } = res.json().data
    const test = await owner.post(`/api/newsletter/posts/${id}/test`)
    expect(test.statusCode, test.body).toBe(200)
    await eventually(() => smtp.to('owner@wayfarer.test').length > 0)
    expect(smtp.to('owner@wayfarer.test')[0]!.subject).toBe('[Test] Unmailed Notes')
    await drain()
    expect(smtp.to('quiet@example.com')).toHaveLength(1)
  })
})
