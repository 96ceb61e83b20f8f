// The fake YouTube Data API as its own process, for Playwright's webServer list: `tsx packages/fakes/src/youtube-server.ts PORT`.
import { startFakeYouTube } from './youtube'

const port = Number(process.argv[2])
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: tsx packages/fakes/src/youtube-server.ts PORT')
  process.exit(2)
}
const fake = await startFakeYouTube({ port })
console.log(`fake YouTube on ${fake.baseUrl}`)
const stop = () => void fake.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
