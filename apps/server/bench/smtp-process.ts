// The mail row's SMTP server (bench/mail.ts), in its own process so receiving 10,000 mails shares no event loop
// with the load generator: a real `smtp-server` on loopback that reads each mail to its end and counts it, by
// recipient, so the row can show that every follower got the story once. "count" answers the tally over IPC.
import { SMTPServer } from 'smtp-server'

const perRecipient = new Map<string, number>()
let messages = 0
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  // A mail server takes many connections at once; the sender's pool decides how many it opens.
  maxClients: 1000,
  onData(stream, session, callback) {
    stream.on('data', () => undefined)
    stream.on('end', () => {
      messages++
      for (const to of session.envelope.rcptTo) perRecipient.set(to.address, (perRecipient.get(to.address) ?? 0) + 1)
      callback()
    })
  },
})
server.listen(0, '127.0.0.1', () => {
  const { port } = server.server.address() as { port: number }
  process.send?.({ type: 'ready', port })
})
process.on('message', (message) => {
  if (message === 'count') {
    const counts = [...perRecipient.values()]
    process.send?.({
      type: 'count',
      messages,
      recipients: perRecipient.size,
      duplicates: counts.filter((n) => n > 1).length,
    })
  }
  if (message === 'stop') server.close(() => process.exit(0))
})
