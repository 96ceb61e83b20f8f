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
  close(): Promise<void>
}

/** A real SMTP server on loopback (the `smtp-server` package) that keeps what it is sent (read by `mailparser`). */
export async function startSmtpSink(): Promise<SmtpSink> {
  let toRefuse = 0
  const sink: Omit<SmtpSink, 'url' | 'close'> & { refused: number } = {
    received: [],
    refused: 0,
    to: (address) =>
      sink.received.filter((m) => [m.to].flat().some((t) => t?.value.some((v) => v.address === address))),
    refuseNext: (n) => {
      toRefuse = n
    },
  }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse--
          sink.refused++
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 })
          return callback(error)
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            sink.received.push(mail)
            callback()
          })
          .catch(callback)
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as { port: number }
  return Object.assign(sink, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
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
