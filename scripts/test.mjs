// `npm test`: unit + integration tests on embedded PGlite, the integration tests again on PostgreSQL when
// TEST_DATABASE_URL is set, then a production build and the Playwright suite in Chromium. Ends with one
// summary line: "N passed, N failed".
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs'

const results = '.test-results'
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })
const { TEST_DATABASE_URL, ...envWithoutDb } = process.env
const steps = []

function run(name, command, args, env, report) {
  console.log(`\n▶ ${name}\n`)
  const status = spawnSync(command, args, { stdio: 'inherit', env }).status
  const counts = existsSync(report.file)
    ? report.parse(JSON.parse(readFileSync(report.file, 'utf8')))
    : { passed: 0, failed: 0 }
  if (status !== 0 && counts.failed === 0) counts.failed = 1 // the step broke before reporting a failure
  steps.push({ name, ok: status === 0, ...counts })
}

const vitestReport = (file) => ({
  file,
  parse: (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTests ?? 0) }),
})
const vitestArgs = (file, ...filters) => [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${file}`,
  ...filters,
]

run(
  'unit and integration tests (PGlite)',
  'npx',
  vitestArgs(`${results}/vitest-pglite.json`),
  envWithoutDb,
  vitestReport(`${results}/vitest-pglite.json`),
)
if (TEST_DATABASE_URL) {
  run(
    'integration tests (PostgreSQL)',
    'npx',
    vitestArgs(`${results}/vitest-pg.json`, '.int.test.'),
    process.env,
    vitestReport(`${results}/vitest-pg.json`),
  )
} else {
  console.log('\n(TEST_DATABASE_URL is not set: skipping the PostgreSQL pass)')
}

console.log('\n▶ production build\n')
const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: envWithoutDb }).status === 0
steps.push({ name: 'build', ok: built, passed: built ? 1 : 0, failed: built ? 0 : 1 })
if (built) {
  const file = `${process.cwd()}/${results}/playwright.json`
  run(
    'browser tests (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    { ...envWithoutDb, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    {
      file,
      parse: (r) => ({ passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected }),
    },
  )
}

console.log('\n── Summary ──')
for (const s of steps) console.log(`${s.ok ? 'PASS' : 'FAIL'}  ${s.name}: ${s.passed} passed, ${s.failed} failed`)
const passed = steps.reduce((n, s) => n + s.passed, 0)
const failed = steps.reduce((n, s) => n + s.failed, 0)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(steps.every((s) => s.ok) ? 0 : 1)
