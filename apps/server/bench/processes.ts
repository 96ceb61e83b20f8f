// The benchmark's child processes: the Wayfarer server (server-process.ts) and the bare Fastify hello-world,
// each in its own process so the load generator or the browser does not share their event loop.
import { fork, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { scriptEnv } from './start-env'

export const benchDir = path.dirname(fileURLToPath(import.meta.url))
export const webDist = path.resolve(benchDir, '../../web/dist')

/** Starts `script` (in this folder) and resolves with what it reports once it listens. */
export function start<T>(
  script: string,
  childEnv: Record<string, string | undefined>,
): Promise<{ child: ChildProcess; ready: T }> {
  const child = fork(path.join(benchDir, script), [], {
    // --expose-gc: the server process reports what its indexes hold on the heap after a collection.
    execArgv: ['--import', 'tsx', '--max-old-space-size=4096', '--expose-gc'],
    // The allocator settings of `npm start`: the rows measure the server as it is deployed.
    env: { PATH: process.env.PATH, ...scriptEnv('start'), ...childEnv },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)))
    child.on('message', (message: { type?: string; targets?: T; port?: number }) => {
      if (message.type === 'ready') resolve({ child, ready: (message.targets ?? message) as T })
    })
  })
}

/** Asks the process to close cleanly (views flushed, database closed); kills it after 30 s. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit')
    // A process that died under load (out of memory) has nothing left to close.
    if (child.exitCode !== null || child.signalCode !== null || !child.connected) return resolve()
    child.once('exit', () => resolve())
    child.send('stop')
    setTimeout(() => child.kill('SIGKILL'), 30_000).unref()
  })
}
