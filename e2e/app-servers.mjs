// The browser tests' app servers: the built app once per port given, each as `npm start` runs it on a fresh embedded
// database in .e2e-data/<port> (its first start migrates and seeds the demo site). Playwright starts its web servers
// one after another; started here side by side, the seeding of one overlaps the others'. Prints "app servers ready"
// once every one answers its health check (playwright.config.ts waits for that line); stopping this process stops
// them (Playwright ends the whole process group).
// Usage: node e2e/app-servers.mjs PORT...   (the rest of the servers' configuration comes from the environment)
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

const { fetch } = globalThis
const ports = process.argv.slice(2).map(Number)
let ready = false
const servers = ports.map((port) => {
  const dataDir = `.e2e-data/${port}`
  rmSync(dataDir, { recursive: true, force: true })
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  child.on('exit', (code, signal) => {
    if (ready) return
    console.error(`the app server on port ${port} stopped (${code ?? signal}) before it was ready`)
    stopAll()
    process.exit(1)
  })
  return child
})

function stopAll() {
  for (const server of servers) server.kill('SIGTERM')
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => (stopAll(), process.exit(0)))

async function healthy(port) {
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null)
    if (res?.ok) return
    await sleep(200)
  }
}

await Promise.all(ports.map(healthy))
ready = true
console.log('app servers ready')
