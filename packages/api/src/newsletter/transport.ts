import { mkdir, readdir, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type Mail from 'nodemailer/lib/mailer'

export type MailMessage = Mail.Options

/** Where mails go: an SMTP server, or .eml files in a folder when none is configured. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>
  /** The folder the .eml files go to; null when mail goes out through SMTP. */
  readonly outboxDir: string | null
  close(): void
}

export interface MailTransportOptions {
  smtpUrl: string | undefined
  /** Used when smtpUrl is absent. */
  outboxDir: string
  dkim?: { privateKey: string; selector: string; domain: string } | undefined
}

const dkimOf = (dkim: MailTransportOptions['dkim']) =>
  dkim ? { domainName: dkim.domain, keySelector: dkim.selector, privateKey: dkim.privateKey } : undefined

export function createMailTransport(options: MailTransportOptions): MailTransport {
  const dkim = dkimOf(options.dkim)
  if (options.smtpUrl) {
    // A server that stops answering fails the send (and the row is retried) instead of holding the worker.
    // Pooled: the worker's parallel senders keep their connections open across mails instead of a TCP (and TLS)
    // handshake and a sign-in for every one, which at thousands of followers was most of the send's time.
    const smtp = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: 4,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
      ...(dkim ? { dkim } : {}),
    } as Parameters<typeof nodemailer.createTransport>[0])
    return {
      outboxDir: null,
      async send(message) {
        await smtp.sendMail(message)
      },
      close: () => smtp.close(),
    }
  }
  const dir = options.outboxDir
  const files = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
    ...(dkim ? { dkim } : {}),
  })
  return {
    outboxDir: dir,
    async send(message) {
      const info = await files.sendMail(message)
      await mkdir(dir, { recursive: true })
      const id = String(message.messageId ?? Date.now()).replace(/[^A-Za-z0-9.-]/g, '')
      await writeFile(path.join(dir, `${Date.now()}-${id}.eml`), info.message as Buffer)
    },
    close: () => files.close(),
  }
}

/** The newest .eml files first, for the admin. */
export async function listOutboxFiles(dir: string, limit = 100) {
  const names = await readdir(dir).catch(() => [] as string[])
  const files = await Promise.all(
    names
      .filter((n) => n.endsWith('.eml'))
      .map(async (name) => {
        const s = await stat(path.join(dir, name))
        return { name, size: s.size, modified_at: s.mtime.toISOString() }
      }),
  )
  return files
    .sort((a, b) => b.modified_at.localeCompare(a.modified_at) || b.name.localeCompare(a.name))
    .slice(0, limit)
}
