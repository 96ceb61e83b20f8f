// `npm run bench:web`: what a visitor's browser sees, on a server filled with the benchmark's data set
// (10,000 stories by default). Two parts, printed as tables:
//   1. The blog list in Chromium (Playwright, this machine, no throttling): time until the first story card is
//      on screen, bytes transferred until the network is idle, and how long a search takes to answer after
//      its 300 ms pause (median of three searches).
//   2. Lighthouse (mobile and desktop presets, simulated throttling, median of three runs) on /, /blog,
//      /blog/{slug}, /gallery, /map and the benchmark's 100-day trip page /trips/{slug}:
//      the four category scores, LCP, TBT, CLS, total bytes and script bytes.
//
// Environment: BENCH_WEB_POSTS (stories, default 10000), BENCH_WEB_LIGHTHOUSE=0 (only part 1), BENCH_WEB_RUNS
// (Lighthouse runs per page and preset, default 3: the median is shown), BENCH_WEB_PAGES (some of
// home,blog,story,gallery,map,trip; default all),
// CHROMIUM_PATH (default /usr/bin/chromium). Needs the web build (npm run build).
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import lighthouse, { desktopConfig, type Flags } from 'lighthouse'
import type { BenchTargets } from './server-process'
import { start, stop, webDist } from './processes'

const env = process.env
const posts = Number(env.BENCH_WEB_POSTS ?? 10_000)
const chromiumPath = env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const SEARCH_DEBOUNCE_MS = 300

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/** Part 1: the blog list as a visitor's browser loads and searches it. */
async function measureBlog(browser: Browser, origin: string) {
  // The page's CSP refuses eval, which Playwright's string predicates below need; the page itself is unchanged.
  const context = await browser.newContext({ bypassCSP: true })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  let transferred = 0
  cdp.on('Network.loadingFinished', (event) => {
    transferred += event.encodedDataLength
  })
  await page.goto(`${origin}/blog`, { waitUntil: 'commit' })
  // Checked every animation frame in the page; the time is the page's own clock since navigation started.
  await page.waitForFunction(`document.querySelector('[data-testid="post-card"]') !== null`, null, {
    polling: 'raf',
    timeout: 60_000,
  })
  const firstCardMs = Number(await page.evaluate('performance.now()'))
  await page.waitForLoadState('networkidle')
  const transfer = transferred

  const count = page.getByTestId('result-count')
  const search = page.getByLabel('Search stories')
  const countChanges = async (from: string | null) =>
    // The count says "Searching..." at once while the pause runs: the answer is the next text after that.
    page.waitForFunction(
      `(t => t !== ${JSON.stringify(from)} && t !== 'Searching...')(document.querySelector('[data-testid="result-count"]')?.textContent)`,
      null,
      { polling: 'raf', timeout: 30_000 },
    )
  const answers: number[] = []
  for (const term of ['island', 'kyoto', 'annapurna trails']) {
    const before = await count.textContent()
    const typed = Date.now()
    await search.fill(term)
    await countChanges(before)
    answers.push(Date.now() - typed - SEARCH_DEBOUNCE_MS)
    const found = await count.textContent()
    await search.fill('')
    await countChanges(found)
  }
  await context.close()
  return { firstCardMs, transfer, searchMs: median(answers) }
}

interface LighthouseRow {
  path: string
  preset: string
  scores: Record<string, number>
  /** Every run's performance score, in run order. */
  performanceRuns: number[]
  lcpMs: number
  tbtMs: number
  cls: number
  bytes: number
  scriptBytes: number
}

/** The pages Lighthouse reads, by the names BENCH_WEB_PAGES picks from. */
function lighthousePages(t: BenchTargets): { name: string; path: string; shown: string }[] {
  const all = [
    { name: 'home', path: '/', shown: '/' },
    { name: 'blog', path: '/blog', shown: '/blog' },
    { name: 'story', path: `/blog/${t.slug}`, shown: '/blog/{slug}' },
    { name: 'gallery', path: '/gallery', shown: '/gallery' },
    { name: 'map', path: '/map', shown: '/map' },
    { name: 'trip', path: `/trips/${t.tripSlug}`, shown: '/trips/{slug}' },
  ]
  const picked = env.BENCH_WEB_PAGES?.split(',').map((p) => p.trim())
  return picked ? all.filter((p) => picked.includes(p.name)) : all
}

/** One Lighthouse run of one page with one preset. */
async function lighthouseRun(port: number, url: string, preset: 'mobile' | 'desktop', shown: string) {
  const categories = ['performance', 'accessibility', 'best-practices', 'seo']
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: categories }
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined)
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { lhr } = result
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const requests = lhr.audits['network-requests']?.details
  const items = requests?.type === 'table' ? requests.items : []
  const scriptBytes = items.reduce(
    (sum, item) =>
      sum + (item['resourceType'] === 'Script' && typeof item['transferSize'] === 'number' ? item['transferSize'] : 0),
    0,
  )
  const row: LighthouseRow = {
    path: shown,
    preset,
    scores: Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
    performanceRuns: [],
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    bytes: audit('total-byte-weight'),
    scriptBytes,
  }
  return row
}

/**
 * Part 2: Lighthouse on each page with each preset, in the same Chromium (its debugging port). Each is run
 * BENCH_WEB_RUNS times (3 by default) and the run with the median performance score is shown, with every run's
 * score beside it: one run swings by several points on a shared machine.
 */
async function runLighthouse(port: number, origin: string, t: BenchTargets): Promise<LighthouseRow[]> {
  const runs = Math.max(1, Number(env.BENCH_WEB_RUNS ?? 3))
  const rows: LighthouseRow[] = []
  for (const page of lighthousePages(t)) {
    for (const preset of ['mobile', 'desktop'] as const) {
      const measured: LighthouseRow[] = []
      for (let i = 0; i < runs; i++)
        measured.push(await lighthouseRun(port, `${origin}${page.path}`, preset, page.shown))
      const byScore = [...measured].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0))
      const middle = byScore[Math.floor(byScore.length / 2)]
      if (middle) rows.push({ ...middle, performanceRuns: measured.map((r) => r.scores.performance ?? 0) })
    }
  }
  return rows
}

if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error('No web build: run `npm run build` first.')
  process.exit(1)
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'wayfarer-bench-web-'))
const server = await start<BenchTargets>('server-process.ts', {
  BENCH_POSTS: String(posts),
  BENCH_WEB_DIST_DIR: webDist,
  BENCH_DATA_DIR: dataDir,
  PUBLIC_CACHE: env.PUBLIC_CACHE,
})
const t = server.ready
const origin = `http://127.0.0.1:${t.port}`
const debuggingPort = await freePort()
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', `--remote-debugging-port=${debuggingPort}`],
})
try {
  console.log(
    `# Wayfarer in the browser: ${t.published.toLocaleString('en')} published of ${t.posts.toLocaleString('en')} stories, ${t.database}, public-read cache ${t.cache ? 'on' : 'off'}\n`,
  )
  // The first visit fills the server's caches; the second is measured (a viral day is mostly second visits).
  await measureBlog(browser, origin)
  const blog = await measureBlog(browser, origin)
  console.log('| /blog | first story card on screen | transferred | search answer after the 300 ms pause |')
  console.log('|---|---:|---:|---:|')
  console.log(
    `| Chromium, this machine | ${blog.firstCardMs.toFixed(0)} ms | ${kb(blog.transfer)} | ${blog.searchMs.toFixed(0)} ms |\n`,
  )

  if (env.BENCH_WEB_LIGHTHOUSE !== '0') {
    const rows = await runLighthouse(debuggingPort, origin, t)
    console.log(
      '| page | preset | performance (median; runs) | accessibility | best practices | SEO | LCP | TBT | CLS | bytes | script bytes |',
    )
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
    for (const r of rows) {
      const s = r.scores
      console.log(
        `| ${r.path} | ${r.preset} | ${s.performance} (${r.performanceRuns.join(', ')}) | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ` +
          `${(r.lcpMs / 1000).toFixed(2)} s | ${r.tbtMs.toFixed(0)} ms | ${r.cls.toFixed(3)} | ${kb(r.bytes)} | ${kb(r.scriptBytes)} |`,
      )
    }
  }
} finally {
  await browser.close()
  await stop(server.child)
  rmSync(dataDir, { recursive: true, force: true })
}
