// Runs the fake Gemini API for Playwright (a webServer entry): `tsx packages/fakes/src/gemini-main.ts <port>`.
import { startFakeGemini } from './gemini'

const port = Number(process.argv[2] ?? process.env.FAKE_GEMINI_PORT)
const fake = await startFakeGemini({ port })
console.log(`fake Gemini on ${fake.url}`)
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)))
