// `npm test`: the whole set-up and test run on a fresh machine. Finds Chromium (or installs it, saying so) and makes
// the production build; then the unit + integration tests on embedded PGlite (and the integration tests that depend
// on the database engine again on PostgreSQL when TEST_DATABASE_URL is set), then the Playwright suite in Chromium.
// The two parts run one after the other: side by side on two cores (Vitest's workers and the servers and CLIs its
// tests start, beside three app servers and four browsers) the browser tests missed their time limits. Each line
// of a part's output starts with its name. Ends with each step's time, the slowest test files and one summary line:
// "N passed, N failed".
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs'
import path from 'node:path'
import { ensureChromium } from './chromium.mjs'

const startedAll = Date.now()
const results = '.test-results'
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })
const { TEST_DATABASE_URL, ...envWithoutDb } = process.env
const steps = []
/** The slowest test files of every step, for the summary. */
const fileTimes = []

/**
 * Integration tests whose database use is incidental to what they check (validation, headers, HTTP, parsers, upstream
 * fakes, the fuzz suites): they run once, on PGlite. Every other `.int.test.` file runs again on PostgreSQL, so a
 * new test is in both passes unless it is listed here (ARCHITECTURE.md, "Tests").
 */
const ENGINE_INDEPENDENT = [
  'apps/server/src/hardening/fuzz-rest.int.test.ts',
  'apps/server/src/hardening/fuzz-rest-owner.int.test.ts',
  'apps/server/src/hardening/fuzz-trpc.int.test.ts',
  'apps/server/src/hardening/fuzz-trpc-owner.int.test.ts',
  'apps/server/src/hardening/media-and-http.int.test.ts',
  'apps/server/src/hardening/security-headers.int.test.ts',
  'apps/server/src/hardening/trust-proxy.int.test.ts',
  'apps/server/src/http/compression.int.test.ts',
  'apps/server/src/http-tests/ai.int.test.ts',
  'apps/server/src/http-tests/gallery-ai.int.test.ts',
  'apps/server/src/http-tests/youtube.int.test.ts',
  'apps/server/src/import/image-ssrf.int.test.ts',
  'apps/server/src/rest/openapi.int.test.ts',
  'packages/api/src/media/cloudinary-image-store.int.test.ts',
  'packages/api/src/media/local-image-store.int.test.ts',
]
const missing = ENGINE_INDEPENDENT.filter((file) => !existsSync(file))
if (missing.length) {
  console.error(`scripts/test.mjs lists test files that do not exist (renamed?): ${missing.join(', ')}`)
  process.exit(1)
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`
const minutes = (ms) => {
  const s = Math.round(ms / 1000) // rounded once, so 119.6 s reads "2 min 0 s", not "1 min 60 s"
  return `${Math.floor(s / 60)} min ${s % 60} s`
}

/**
 * Runs one step to its end; its output lines go to this process's stdout and stderr, each after `prefix`. Resolves
 * true when it passed.
 */
async function run(name, command, args, env, report, prefix = '') {
  console.log(`\n${prefix}▶ ${name}\n`)
  const started = Date.now()
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env })
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ])
    createInterface({ input: from }).on('line', (line) => to.write(`${prefix}${line}\n`))
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code)))
  const ms = Date.now() - started
  const json = report && existsSync(report.file) ? JSON.parse(readFileSync(report.file, 'utf8')) : undefined
  const counts = json ? report.parse(json) : { passed: status === 0 ? 1 : 0, failed: 0 }
  if (json) fileTimes.push(...report.files(json).map((f) => ({ ...f, step: name })))
  if (status !== 0 && counts.failed === 0) counts.failed = 1 // the step broke before reporting a failure
  steps.push({ name, ok: status === 0, ms, ...counts })
  return status === 0
}

const relative = (file) => path.relative(process.cwd(), file)
const vitestReport = (file) => ({
  file,
  parse: (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTests ?? 0) }),
  files: (r) => r.testResults.map((t) => ({ file: relative(t.name), ms: t.endTime - t.startTime })),
})
const vitestArgs = (file, ...filters) => [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${file}`,
  ...filters,
]

// The browser first: a machine without it learns so (or gets it) before the long steps, not after.
const startedBrowser = Date.now()
console.log('\n▶ Chromium for the browser tests\n')
let chromium
try {
  chromium = ensureChromium((line) => console.log(line))
  console.log(`Chromium: ${chromium}`)
} catch (error) {
  console.error(String(error instanceof Error ? error.message : error))
}
steps.push({ name: 'Chromium', ok: !!chromium, ms: Date.now() - startedBrowser, passed: 0, failed: chromium ? 0 : 1 })

const built = await run('production build', 'npm', ['run', 'build'], envWithoutDb)

async function vitestLane() {
  const prefix = '[vitest] '
  await run(
    'unit and integration tests (PGlite)',
    'npx',
    vitestArgs(`${results}/vitest-pglite.json`),
    envWithoutDb,
    vitestReport(`${results}/vitest-pglite.json`),
    prefix,
  )
  if (!TEST_DATABASE_URL) return console.log('\n(TEST_DATABASE_URL is not set: skipping the PostgreSQL pass)')
  await run(
    'database-engine integration tests (PostgreSQL)',
    'npx',
    vitestArgs(`${results}/vitest-pg.json`, '.int.test.', ...ENGINE_INDEPENDENT.map((file) => `--exclude=${file}`)),
    process.env,
    vitestReport(`${results}/vitest-pg.json`),
    prefix,
  )
}

async function browserLane() {
  if (!built || !chromium) return
  const file = path.resolve(results, 'playwright.json')
  await run(
    'browser tests (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    { ...envWithoutDb, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    {
      file,
      parse: (r) => ({ passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected }),
      files: (r) =>
        r.suites.map((s) => ({
          file: `e2e/tests/${s.file}`,
          ms: playwrightSpecs(s).reduce(
            (n, spec) => n + spec.tests.flatMap((t) => t.results).reduce((m, x) => m + x.duration, 0),
            0,
          ),
        })),
    },
    '[browser] ',
  )
}

await vitestLane()
await browserLane()

/** Every spec of a Playwright JSON suite, nested describes included. */
function playwrightSpecs(suite) {
  return [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(playwrightSpecs)]
}

console.log('\n── Slowest test files ──')
for (const f of fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 8))
  console.log(`${seconds(f.ms).padStart(6)}  ${f.file}  (${f.step})`)

console.log('\n── Summary ──')
for (const s of steps)
  console.log(
    `${s.ok ? 'PASS' : 'FAIL'}  ${minutes(s.ms).padStart(13)}  ${s.name}: ${s.passed} passed, ${s.failed} failed`,
  )
const passed = steps.reduce((n, s) => n + s.passed, 0)
const failed = steps.reduce((n, s) => n + s.failed, 0)
const total = Date.now() - startedAll
console.log(`\n${passed} passed, ${failed} failed in ${minutes(total)}`)
process.exit(steps.every((s) => s.ok) ? 0 : 1)
