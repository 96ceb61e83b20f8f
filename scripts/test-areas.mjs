// Counts the tests of `npm test`'s JSON reports by behaviour area (the folder a test file sits in, or the e2e spec),
// so two runs can be compared: a change that makes the suite faster must not drop tests. Each argument is one column:
// a report file, or several joined by commas (the Vitest and Playwright reports of one run).
//   node scripts/test-areas.mjs before/vitest-pglite.json,before/playwright.json .test-results/vitest-pglite.json,.test-results/playwright.json
import { readFileSync } from 'node:fs'
import path from 'node:path'

const columns = process.argv.slice(2)
if (!columns.length) columns.push('.test-results/vitest-pglite.json,.test-results/playwright.json')

/** `apps/server/src/hardening/x.test.ts` → `server/hardening`; `e2e/tests/x.spec.ts` → `e2e/x`. */
function areaOf(file) {
  const parts = path.relative(process.cwd(), path.resolve(file)).split(path.sep)
  if (parts[0] === 'e2e') return `e2e/${path.basename(file).replace(/\.(spec|setup)\.ts$/, '')}`
  const [top, name, src, folder] = parts
  const where = top === 'apps' ? name : `${top}/${name}`
  if (src !== 'src') return `${where}/${src}`
  return parts.length > 4 ? `${where}/${folder}` : `${where} (root)`
}

/** Test counts by area of one report: Vitest's (testResults) or Playwright's (suites). */
function countsOf(file, counts) {
  const report = JSON.parse(readFileSync(file, 'utf8'))
  for (const result of report.testResults ?? []) {
    const area = areaOf(result.name)
    counts.set(area, (counts.get(area) ?? 0) + result.assertionResults.length)
  }
  const specs = (suite) => [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specs)]
  for (const suite of report.suites ?? []) {
    const area = areaOf(`e2e/tests/${suite.file}`)
    counts.set(area, (counts.get(area) ?? 0) + specs(suite).reduce((n, spec) => n + spec.tests.length, 0))
  }
  return counts
}

const tables = columns.map((column) => column.split(',').reduce((counts, file) => countsOf(file, counts), new Map()))
const areas = [...new Set(tables.flatMap((t) => [...t.keys()]))].sort()
const row = (cells) => `| ${cells.join(' | ')} |`
console.log(row(['area', ...columns.map((_, i) => (columns.length === 2 ? ['before', 'after'][i] : `run ${i + 1}`))]))
console.log(row(['---', ...columns.map(() => '---:')]))
for (const area of areas) console.log(row([area, ...tables.map((t) => t.get(area) ?? 0)]))
console.log(row(['**total**', ...tables.map((t) => [...t.values()].reduce((a, b) => a + b, 0))]))
