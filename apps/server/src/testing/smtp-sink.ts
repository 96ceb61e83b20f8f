import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'

export interface SmtpSink {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string
  /** Every mail the server accepted, parsed, in arrival order. */
  received: ParsedMail[]
  /** Mails for one address. */
  to(address: string): ParsedMail[]
  /** Refuses the next `n` mails with a 451 (a server that is busy or down for a moment). */
  refuseNext(n: number): void
  /** How many mails were refused so far. */
  refused: number
  /**
   * Refuses RCPT TO for the addresses `answer` gives a code for (550: no such mailbox for good; 450: try later);
   * null accepts. Replaces the previous rule.
   */
  refuseRecipients(answer: (address: string) => number | null): void
  /**
   * From now on the server is slow to accept: it keeps each mail it was sent without answering, until `release`.
   * A mail whose sender hangs up meanwhile is dropped, as a real server drops a mail it never acknowledged.
   */
  hold(): void
  release(): void
  /** Mails waiting for an answer now, and mails dropped because their sender went away first. */
  readonly held: number
  readonly dropped: number
  close(): Promise<void>
}

/** A real SMTP server on loopback (the `smtp-server` package) that keeps what it is sent (read by `mailparser`). */
export async function startSmtpSink(): Promise<SmtpSink> {
  let toRefuse = 0
  let recipientAnswer: (address: string) => number | null = () => null
  // While holding: the mails waiting for their answer, each with what to do once released.
  let holding = false
  const waiting = new Map<string, () => void>()
  let dropped = 0
  const sink: Omit<SmtpSink, 'url' | 'close' | 'held' | 'dropped'> & { refused: number } = {
    received: [],
    refused: 0,
    to: (address) =>
      sink.received.filter((m) => [m.to].flat().some((t) => t?.value.some((v) => v.address === address))),
    refuseNext: (n) => {
      toRefuse = n
    },
    refuseRecipients: (answer) => {
      recipientAnswer = answer
    },
    hold: () => {
      holding = true
    },
    release: () => {
      holding = false
      for (const accept of waiting.values()) accept()
      waiting.clear()
    },
  }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = recipientAnswer(address.address)
      if (code === null) return callback()
      const text = code >= 500 ? 'No such user here' : 'Mailbox busy, try again later'
      callback(Object.assign(new Error(text), { responseCode: code }))
    },
    onClose(session) {
      if (waiting.delete(session.id)) dropped++
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        if (holding) {
          waiting.set(session.id, () => keep(Buffer.concat(chunks), callback))
          return
        }
        if (toRefuse > 0) {
          toRefuse--
          sink.refused++
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 })
          return callback(error)
        }
        keep(Buffer.concat(chunks), callback)
      })
    },
  })
  const keep = (raw: Buffer, callback: (error?: Error | null) => void) =>
    simpleParser(raw)
      .then((mail) => {
        sink.received.push(mail)
        callback()
      })
      .catch(callback)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as { port: number }
  return Object.defineProperties(
    Object.assign(sink, {
      url: `smtp://127.0.0.1:${port}`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    }),
    { held: { get: () => waiting.size }, dropped: { get: () => dropped } },
  ) as SmtpSink
}

/** Polls until `check` holds (or fails after `ms`): tests say what happens, never how fast. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** The first link in a mail's text part that goes to `path`, as a path and query the test server can be asked. */
export function linkIn(mail: ParsedMail, path: string): string {
  const match = new RegExp(`https?://[^\\s/]+(${path.replace(/\//g, '\\/')}\\?token=[\\w.-]+)`).exec(mail.text ?? '')
  if (!match) throw new Error(`no ${path} link in the mail`)
  return match[1]!
}

/** A header's value as it was sent (mailparser folds the List-* headers into one structured `list` value). */
export function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line
  return line?.slice(line.indexOf(':') + 1).trim()
}
