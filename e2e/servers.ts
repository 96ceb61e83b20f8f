import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { startFakeGemini } from '@wayfarer/fakes/gemini'
import { startFakeYouTube } from '@wayfarer/fakes/youtube'
import { appServers, fakeGeminiPort, fakeYouTube } from './playwright.config'

// Playwright's global setup: both app servers and the two fakes, started together. Playwright's own `webServer`
// list starts its entries one after another, and the two first starts of the built server (initdb, migrations,
// demo content) are most of that wait; side by side they share the two cores instead of taking turns.

const root = fileURLToPath(new URL('..', import.meta.url))
const START_TIMEOUT_MS = 120_000

/** The built server on a fresh embedded database with demo content, as `npm start` runs it; resolves once healthy. */
async function startAppServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  rmSync(`${root}/.e2e-data/${port}`, { recursive: true, force: true })
  // A process group of its own, so stopping it stops whatever it started.
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk
    process.stderr.write(`[server ${port}] ${chunk}`)
  })
  let exited: number | null | undefined
  child.on('exit', (code) => (exited = code))
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (exited !== undefined)
      throw new Error(`The app server on port ${port} exited (${exited}) before it was healthy:\n${stderr}`)
    const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined)
    if (health?.ok) return child
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  stop(child, 'SIGKILL')
  throw new Error(`The app server on port ${port} was not healthy within ${START_TIMEOUT_MS / 1000} s:\n${stderr}`)
}

function stop(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal)
  } catch {
    // already gone
  }
}

async function stopGracefully(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  stop(child, 'SIGTERM')
  const timer = setTimeout(() => stop(child, 'SIGKILL'), 5_000)
  await exited
  clearTimeout(timer)
}

export default async function startServers(): Promise<() => Promise<void>> {
  const started: ChildProcess[] = []
  // If Playwright itself is stopped hard, the servers go with it.
  const killAll = () => started.forEach((child) => stop(child, 'SIGKILL'))
  process.on('exit', killAll)
  const servers = appServers.map(({ port, env }) =>
    startAppServer(port, env).then((child) => (started.push(child), child)),
  )
  const [gemini, youtube] = await Promise.all([
    startFakeGemini({ port: fakeGeminiPort }),
    startFakeYouTube({ port: fakeYouTube.port }),
  ])
  const results = await Promise.allSettled(servers)
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  const stopAll = async () => {
    await Promise.all(started.map(stopGracefully))
    await Promise.all([gemini.close(), youtube.close()])
    process.off('exit', killAll)
  }
  if (failed) {
    await stopAll()
    throw failed.reason
  }
  try {
    await Promise.all(appServers.map(({ port }) => askForVideos(port)))
  } catch (error) {
    await stopAll()
    throw error
  }
  return stopAll
}

/**
 * Asks a server for the channel's videos once, while nothing else runs. A first start is still making its kept
 * pages for a while after it is healthy; a first ask for the videos in that time can miss the server's 3-second
 * limit for YouTube, and the server then remembers the failure for a minute (the home page shows its samples),
 * which would decide the specs that run first instead of what they test.
 */
async function askForVideos(port: number): Promise<void> {
  const input = encodeURIComponent(JSON.stringify({ maxResults: 6 }))
  const res = await fetch(`http://127.0.0.1:${port}/trpc/youtube.travelVideos?input=${input}`)
  if (!res.ok)
    throw new Error(`The app server on port ${port} could not read the fake YouTube channel: ${await res.text()}`)
}
