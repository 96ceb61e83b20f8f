// The mail row of `npm run bench`: one story mailed to 10,000 confirmed followers (BENCH_MAIL_FOLLOWERS) through
// a real SMTP server on loopback (smtp-process.ts), while visitors read a cached story page. It prints the send's
// total time, mails per second, the server process's peak resident memory during the send, what the SMTP server
// received (every follower once), and the cached read's rate without the send and during it, with their ratio
// (the target: at least 80 %).
import type { ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import autocannon from 'autocannon'
import type { BenchTargets } from './server-process'
import { start, stop, webDist } from './processes'

export const MAIL_ROW = 'mail: one story to 10,000 followers over SMTP, cached reads during the send'

interface SmtpCount {
  messages: number
  recipients: number
  duplicates: number
}

/** The resident memory of a process now, in bytes (Linux). */
const rssOf = (pid: number) => {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return line ? Number(line[1]) * 1024 : 0
}

/** Asks a bench child something over IPC and waits for the answer of that type. */
function ask<T>(child: ChildProcess, message: unknown, type: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (answer: { type?: string }) => {
      if (answer.type !== type) return
      child.off('message', onMessage)
      resolve(answer as T)
    }
    child.on('message', onMessage)
    child.send(message as string)
  })
}

/** Reads for `durationS`, or until `until` resolves when given (then stopped early). */
function reads(url: string, connections: number, durationS: number, until?: Promise<unknown>) {
  return new Promise<number>((resolve, reject) => {
    const run = autocannon(
      { url, connections, duration: durationS, headers: { 'accept-encoding': 'br, gzip' } },
      (e, r) => (e ? reject(e) : resolve(r.requests.average)),
    )
    void until?.then(
      () => run.stop(),
      () => run.stop(),
    )
  })
}

export interface MailBench {
  /** What the server process needs: the SMTP server's address. */
  env: Record<string, string>
  run(t: BenchTargets, server: ChildProcess): Promise<void>
  close(): Promise<void>
}

/** Starts the SMTP server for the mail row, when BENCH_PATHS chooses it (or chooses nothing). */
export async function startMailBench(
  chosen: (name: string) => boolean,
  settings: { durationS: number; connections: number },
): Promise<MailBench | undefined> {
  if (!chosen(MAIL_ROW)) return undefined
  const followers = Number(process.env.BENCH_MAIL_FOLLOWERS ?? 10_000)
  const smtp = await start<{ port: number }>('smtp-process.ts', {})
  return {
    env: { BENCH_SMTP_URL: `smtp://127.0.0.1:${smtp.ready.port}` },
    close: () => stop(smtp.child),
    async run(t, server) {
      const before = await ask<SmtpCount>(smtp.child, 'count', 'count')
      await ask(server, { type: 'followers', count: followers }, 'followers')
      const base = `http://127.0.0.1:${t.port}`
      const readPath = existsSync(path.join(webDist, 'index.html')) ? `/blog/${t.slug}` : `/api/posts/slug/${t.slug}`
      await reads(base + readPath, settings.connections, 1)
      const without = await reads(base + readPath, settings.connections, settings.durationS)

      const rssBefore = rssOf(server.pid!)
      let peak = rssBefore
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid!))), 100)
      const auth = { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' }
      const started = performance.now()
      const created = await fetch(`${base}/api/posts`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ title: 'News For Every Follower', content: '<p>Sent to all.</p>', status: 'published' }),
      })
      const { id } = ((await created.json()) as { data: { id: number } }).data
      let status = { sent: 0, failed: 0, pending: 0, sending: 0 }
      const done = (async () => {
        for (let polls = 1; status.sent + status.failed < followers; polls++) {
          await new Promise((r) => setTimeout(r, 250))
          if (polls % 40 === 0) process.stdout.write(`  mail: ${status.sent} sent, ${status.failed} failed\n`)
          const res = await fetch(`${base}/api/newsletter/posts/${id}`, { headers: auth })
          status = ((await res.json()) as { data: typeof status }).data
        }
        return performance.now() - started
      })()
      // The reads run for the row's duration while the send is under way (or until it ends), so their rate is the
      // rate during it; the rest of the send runs with no visitors.
      const during = await reads(base + readPath, settings.connections, settings.durationS, done)
      const ms = await done
      clearInterval(sampler)
      const after = await ask<SmtpCount>(smtp.child, 'count', 'count')
      const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
      console.log(`\n### ${MAIL_ROW}\n`)
      console.log(`| measure | value |\n|---|---:|`)
      console.log(`| followers (confirmed) | ${followers.toLocaleString('en')} |`)
      console.log(`| total time, publish → last mail sent | ${(ms / 1000).toFixed(1)} s |`)
      console.log(`| mails/s | ${((status.sent / ms) * 1000).toFixed(0)} |`)
      console.log(`| sent / failed | ${status.sent} / ${status.failed} |`)
      console.log(
        `| SMTP server: mails, recipients, recipients twice | ${after.messages - before.messages}, ${after.recipients - before.recipients}, ${after.duplicates - before.duplicates} |`,
      )
      console.log(`| server RSS before the send → peak during it | ${mb(rssBefore)} → ${mb(peak)} |`)
      console.log(
        `| GET ${readPath.replace(t.slug, '{slug}')} (cached) without the send | ${without.toFixed(0)} req/s |`,
      )
      console.log(`| the same during the send | ${during.toFixed(0)} req/s |`)
      console.log(`| during / without (target ≥ 80 %) | ${((during / without) * 100).toFixed(0)} % |`)
    },
  }
}
