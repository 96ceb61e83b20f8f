// The yardstick: a bare Fastify hello-world of the same Fastify version as the server, in its own process,
// measured in the same run so every path can be stated as a share of what this machine can do at all.
import type { AddressInfo } from 'node:net'
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/', async () => ({ hello: 'world' }))
await app.listen({ host: '127.0.0.1', port: 0 })
process.send?.({ type: 'ready', port: (app.server.address() as AddressInfo).port })
process.on('message', (message) => {
  if (message === 'stop') void app.close().then(() => process.exit(0))
})
