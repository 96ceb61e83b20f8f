import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { createServer as createNetServer } from 'node:net'
import path from 'node:path'

// Runs the real entry points as child processes, as `npm start` and the CLIs would.
const serverDir = path.resolve(import.meta.dirname, '../..')
const children: ChildProcess[] = []

let bundle: Promise<string> | undefined

/**
 * An entry point of the server, bundled from the current sources as `npm run build` bundles them (build.mjs), once
 * per test worker, into the server's node_modules/.cache (a folder per worker, written again by each run; from there
 * the bundle finds the npm packages as dist/ does). A child then loads one file: through tsx it loaded and translated
 * the sources module by module, about 2 s of CPU for every process the tests start.
 */
export function bundledEntry(entry: 'main' | 'seed-cli' | 'transfer-cli' | 'backup-cli'): Promise<string> {
  bundle ??= new Promise((resolve, reject) => {
    const worker = process.env.VITEST_POOL_ID ?? String(process.pid)
    const outdir = path.join(serverDir, 'node_modules/.cache/wayfarer-server-bundle', worker)
    execFile(process.execPath, ['build.mjs', outdir], { cwd: serverDir }, (error, _stdout, stderr) =>
      error ? reject(new Error(`Bundling the server failed: ${stderr || error.message}`)) : resolve(outdir),
    )
  })
  return bundle.then((outdir) => path.join(outdir, `${entry}.js`))
}

/** Node's arguments to run a bundled entry point (stack traces name the sources). */
export const nodeArgs = async (entry: Parameters<typeof bundledEntry>[0], ...args: string[]): Promise<string[]> => [
  '--enable-source-maps',
  await bundledEntry(entry),
  ...args,
]

export const killStartedServers = () => children.forEach((c) => c.kill('SIGKILL'))

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

export async function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, await nodeArgs('main'), {
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
  started?: Pick<Awaited<ReturnType<typeof startMain>>, 'exited' | 'output'>,
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
