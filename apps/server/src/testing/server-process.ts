import { spawn, type ChildProcess } from 'node:child_process'
import { createServer as createNetServer } from 'node:net'
import path from 'node:path'

// Runs the real entry point (src/main.ts through tsx) as a child process, as `npm start` would.
const serverDir = path.resolve(import.meta.dirname, '../..')
const children: ChildProcess[] = []

export const killStartedServers = () => children.forEach((c) => c.kill('SIGKILL'))

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

export function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', WEB_DIST_DIR: '/nonexistent', ...env },
  })
  children.push(child)
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

/** Waits until the server on `port` answers its health check; with the started process, fails at once (with its output) if it exits first. */
export async function waitForHealth(
  port: number,
  started?: Pick<ReturnType<typeof startMain>, 'exited' | 'output'>,
): Promise<unknown> {
  let exitCode: number | null | undefined
  void started?.exited.then((code) => (exitCode = code))
  // Up to 100 s: a first start migrates and seeds the demo site, which takes over a minute on a busy 2-core machine.
  for (let i = 0; i < 500; i++) {
    if (exitCode !== undefined)
      throw new Error(`server exited (${exitCode}) before it was healthy:\n${started?.output()}`)
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null)
    if (res?.ok) return res.json()
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`server did not become healthy${started ? `:\n${started.output()}` : ''}`)
}
