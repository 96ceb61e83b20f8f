import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { MailWorker } from '@wayfarer/api'
import type { ServerConfig } from '../config'
import { startServersOnOneDatabase, startTestServer, type TestServer } from '../testing/test-server'
import { apiFor } from '../testing/api'
import { eventually, startSmtpSink, type SmtpSink } from '../testing/smtp-sink'

// Servers, an SMTP server and their mails: on a loaded machine this takes longer than a request test.
vi.setConfig({ testTimeout: 90_000 })

let smtp: SmtpSink
beforeAll(async () => {
  smtp = await startSmtpSink()
})
afterAll(() => smtp.close())

const mailConfig = (smtpUrl: string | undefined): Partial<ServerConfig> => ({
  mail: {
    smtpUrl,
    from: 'Wayfarer <news@wayfarer.test>',
    dkim: undefined,
    checkEveryMs: 100,
    retryBaseMs: 50,
    leaseMs: 300_000,
  },
})

const followers = (prefix: string, n: number, extra: { tripId?: number } = {}) =>
  Array.from({ length: n }, (_, i) => ({
    email: `${prefix}${i}@example.com`,
    status: 'confirmed' as const,
    confirmedAt: new Date(),
    ...extra,
  }))

const countsByAddress = (prefix: string) => {
  const counts = new Map<string, number>()
  for (const mail of smtp.received)
    for (const to of [mail.to].flat())
      for (const v of to?.value ?? [])
        if (v.address?.startsWith(prefix)) counts.set(v.address, (counts.get(v.address) ?? 0) + 1)
  return counts
}

describe('delivery exactly once', () => {
  it('two servers on one database send each follower the story once', async () => {
    const servers = await startServersOnOneDatabase({ count: 2, config: mailConfig(smtp.url) })
    try {
      await servers.database.prisma.newsletterSubscriber.createMany({ data: followers('pair', 60) })
      const owners = await Promise.all(servers.apps.map((app) => apiFor(app).asOwner()))
      const res = await owners[0]!.post('/api/posts', {
        title: 'Two Workers',
        content: '<p>Both try.</p>',
        status: 'published',
      })
      expect(res.statusCode, res.body).toBe(200)
      for (const app of servers.apps) (app.deps.mail as MailWorker).wake()
      await eventually(() => countsByAddress('pair').size === 60)
      await Promise.all(servers.apps.map((app) => (app.deps.mail as MailWorker).drain()))
      expect([...countsByAddress('pair').values()].every((n) => n === 1)).toBe(true)
      // The last mail can be accepted by the SMTP server a moment before its worker marks it sent.
      const statuses = () => servers.database.prisma.mailOutbox.groupBy({ by: ['status'], _count: { _all: true } })
      await eventually(async () => (await statuses()).every((row) => row.status === 'sent'))
      expect(await statuses()).toEqual([{ status: 'sent', _count: { _all: 60 } }])
    } finally {
      await servers.close()
    }
  })

  it('retries when the SMTP server refuses the first tries, and records the error meanwhile', async () => {
    const server = await startTestServer({ config: mailConfig(smtp.url) })
    try {
      await server.database.prisma.newsletterSubscriber.createMany({ data: followers('retry', 1) })
      smtp.refuseNext(2)
      const refusedBefore = smtp.refused
      const owner = await server.api.asOwner()
      const res = await owner.post('/api/posts', {
        title: 'Busy Server',
        content: '<p>Later.</p>',
        status: 'published',
      })
      const { id } = res.json().data
      await eventually(() => smtp.refused === refusedBefore + 1)
      await eventually(async () => {
        const row = await server.database.prisma.mailOutbox.findFirst({ where: { postId: id } })
        return row?.lastError !== null && row?.lastError !== undefined
      })
      await eventually(
        async () => (await server.database.prisma.mailOutbox.findFirst({ where: { postId: id } }))?.status === 'sent',
      )
      expect(countsByAddress('retry').get('retry0@example.com')).toBe(1)
      const row = await server.database.prisma.mailOutbox.findFirst({ where: { postId: id } })
      expect(row).toMatchObject({ status: 'sent', tries: 3 })
      expect(smtp.refused).toBe(refusedBefore + 2)
    } finally {
      await server.close()
    }
  })

  it('a recipient the server refuses for good (550) is failed at once and bounced; a 450 is retried', async () => {
    const server = await startTestServer({ config: mailConfig(smtp.url) })
    let busyTries = 0
    smtp.refuseRecipients((address) => {
      if (address === 'bounce0@example.com') return 550
      if (address === 'bounce1@example.com' && busyTries < 2) return (busyTries++, 450)
      return null
    })
    try {
      const { prisma } = server.database
      await prisma.newsletterSubscriber.createMany({ data: followers('bounce', 2) })
      const owner = await server.api.asOwner()
      const res = await owner.post('/api/posts', { title: 'No Such User', content: '<p>x</p>', status: 'published' })
      const { id } = res.json().data
      await eventually(async () => (await owner.get(`/api/newsletter/posts/${id}`)).json().data.sent === 1)
      const rows = await prisma.mailOutbox.findMany({ where: { postId: id }, orderBy: { email: 'asc' } })
      expect(rows.map((r) => [r.email, r.status, r.tries])).toEqual([
        ['bounce0@example.com', 'failed', 1],
        ['bounce1@example.com', 'sent', 3],
      ])
      expect(rows[0]!.lastError).toMatch(/550/)
      expect(smtp.to('bounce0@example.com')).toHaveLength(0)
      expect(smtp.to('bounce1@example.com')).toHaveLength(1)
      const bounced = (await owner.get('/api/newsletter/subscribers?status=bounced')).json().data
      expect(bounced.subscribers.map((s: { email: string }) => s.email)).toEqual(['bounce0@example.com'])
      expect(bounced.counts).toMatchObject({ bounced: 1, confirmed: 1 })

      // A bounced address gets no more stories.
      const next = await owner.post('/api/posts', { title: 'Next One', content: '<p>y</p>', status: 'published' })
      await eventually(
        async () => (await owner.get(`/api/newsletter/posts/${next.json().data.id}`)).json().data.sent === 1,
      )
      expect(await prisma.mailOutbox.count({ where: { email: 'bounce0@example.com' } })).toBe(1)
      const sends = (await owner.get('/api/newsletter/sends')).json().data.sends
      expect(sends.map((s: { title: string; sent: number; failed: number }) => [s.title, s.sent, s.failed])).toEqual([
        ['Next One', 1, 0],
        ['No Such User', 1, 1],
      ])
      expect(sends[1].last_error).toMatch(/550/)
    } finally {
      smtp.refuseRecipients(() => null)
      await server.close()
    }
  })

  it('a send slower than the lease keeps its mail: its worker renews the lease, the other server waits', async () => {
    const config = mailConfig(smtp.url)
    const servers = await startServersOnOneDatabase({ count: 2, config: { mail: { ...config.mail!, leaseMs: 3000 } } })
    try {
      const { prisma } = servers.database
      await prisma.newsletterSubscriber.createMany({ data: followers('slow', 1) })
      smtp.hold()
      const owners = await Promise.all(servers.apps.map((app) => apiFor(app).asOwner()))
      await owners[0]!.post('/api/posts', { title: 'Slow Server', content: '<p>Wait.</p>', status: 'published' })
      for (const app of servers.apps) (app.deps.mail as MailWorker).wake()
      await eventually(() => smtp.held === 1)
      const claimed = await prisma.mailOutbox.findFirstOrThrow({ where: { email: 'slow0@example.com' } })
      // Past the first lease, with both workers looking every 100 ms: the mail is still the one in flight.
      await eventually(async () => {
        const row = await prisma.mailOutbox.findFirstOrThrow({ where: { id: claimed.id } })
        return Date.now() > claimed.leaseUntil!.getTime() + 1000 && row.leaseUntil! > claimed.leaseUntil!
      })
      expect(smtp.held).toBe(1)
      expect(await prisma.mailOutbox.findFirstOrThrow({ where: { id: claimed.id } })).toMatchObject({
        status: 'sending',
        tries: 1,
      })
      smtp.release()
      await eventually(() => smtp.to('slow0@example.com').length === 1)
      await Promise.all(servers.apps.map((app) => (app.deps.mail as MailWorker).drain()))
      expect(smtp.to('slow0@example.com')).toHaveLength(1)
    } finally {
      smtp.release()
      await servers.close()
    }
  })

  it('a row left mid-send by a process that died is sent once its lease runs out', async () => {
    const server = await startTestServer({ config: mailConfig(smtp.url) })
    try {
      const { prisma } = server.database
      const [sub] = await prisma.newsletterSubscriber.createManyAndReturn({ data: followers('lease', 1) })
      const post = await prisma.post.create({
        data: {
          title: 'Crashed Sender',
          slug: 'crashed-sender',
          content: '<p>x</p>',
          status: 'published',
          publishedAt: new Date(),
          mailedAt: new Date(),
          authorId: 1,
        },
      })
      await prisma.mailOutbox.create({
        data: {
          kind: 'story',
          email: sub!.email,
          subscriberId: sub!.id,
          postId: post.id,
          status: 'sending',
          tries: 1,
          leaseUntil: new Date(Date.now() - 1000),
        },
      })
      await prisma.mailOutbox.create({
        data: {
          kind: 'story',
          email: 'other@example.com',
          postId: post.id,
          status: 'sending',
          tries: 1,
          leaseUntil: new Date(Date.now() + 600_000),
        },
      })
      await (server.app.deps.mail as MailWorker).drain()
      expect(countsByAddress('lease').get(sub!.email)).toBe(1)
      // Still leased by a live sender: left alone.
      expect(await prisma.mailOutbox.findFirst({ where: { email: 'other@example.com' } })).toMatchObject({
        status: 'sending',
      })
    } finally {
      await server.close()
    }
  })

  it('follow one trip: its stories reach its followers, other stories do not', async () => {
    const server = await startTestServer({ config: mailConfig(smtp.url) })
    try {
      const { prisma } = server.database
      const trip = await prisma.trip.create({
        data: {
          slug: 'andes',
          title: 'Andes',
          startDate: new Date('2026-01-01'),
          timeZone: 'UTC',
          status: 'published',
        },
      })
      await prisma.newsletterSubscriber.createMany({ data: followers('tripfan', 1, { tripId: trip.id }) })
      const owner = await server.api.asOwner()
      await owner.post('/api/posts', { title: 'Elsewhere', content: '<p>Not the trip.</p>', status: 'published' })
      const inTrip = await owner.post('/api/posts', {
        title: 'Andes Day',
        content: '<p>Up.</p>',
        status: 'published',
        trip_id: trip.id,
      })
      expect(inTrip.statusCode, inTrip.body).toBe(200)
      await eventually(() => countsByAddress('tripfan').size === 1)
      await (server.app.deps.mail as MailWorker).drain()
      const got = smtp.to('tripfan0@example.com').map((m) => m.subject)
      expect(got).toEqual(['Andes Day'])
    } finally {
      await server.close()
    }
  })
})

describe('scheduled stories', () => {
  it('are mailed when they go out, not when they were scheduled', async () => {
    const server = await startTestServer({ config: { ...mailConfig(smtp.url), scheduleCheckMs: 60_000 } })
    try {
      await server.database.prisma.newsletterSubscriber.createMany({ data: followers('sched', 1) })
      const owner = await server.api.asOwner()
      const at = new Date(Date.now() + 2000)
      const res = await owner.post('/api/posts', {
        title: 'Later Today',
        content: '<p>Soon.</p>',
        status: 'scheduled',
        published_at: at.toISOString(),
      })
      expect(res.statusCode, res.body).toBe(200)
      await (server.app.deps.mail as MailWorker).drain()
      if (Date.now() < at.getTime()) expect(countsByAddress('sched').size).toBe(0)
      await eventually(() => countsByAddress('sched').size === 1)
      const mail = smtp.to('sched0@example.com')[0]!
      expect(mail.subject).toBe('Later Today')
      const row = await server.database.prisma.mailOutbox.findFirst({ where: { email: 'sched0@example.com' } })
      expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(at.getTime())
    } finally {
      await server.close()
    }
  })
})

describe('without SMTP', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ config: mailConfig(undefined) })
  })
  afterAll(() => server.close())

  it('writes each mail as an .eml file into the outbox folder and lists it for the owner', async () => {
    const res = await server.api.post('/api/newsletter/subscribe', { email: 'files@example.com' })
    expect(res.statusCode).toBe(200)
    const owner = await server.api.asOwner()
    let files: { name: string }[] = []
    await eventually(async () => {
      files = (await owner.get('/api/newsletter/outbox')).json().data.files
      return files.length === 1
    })
    const dir = server.app.deps.mail!.outboxDir!
    const eml = await readFile(path.join(dir, files[0]!.name), 'utf8')
    expect(eml).toMatch(/^To: files@example.com$/m)
    expect(eml).toContain('/newsletter/confirm?token=')
    expect((await owner.get('/api/newsletter/outbox')).json().data.writesFiles).toBe(true)
  })
})
