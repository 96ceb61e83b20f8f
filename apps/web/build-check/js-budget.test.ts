import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, expect, it } from 'vitest'
import { FIRST_LOAD_BUDGET, firstLoadSizes } from './js-budget.mjs'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** Code that gzip cannot shrink much: `kb` thousand bytes of it gzip to about three quarters. */
const code = (kb: number) => `export const x = "${randomBytes(kb * 750).toString('base64')}"`

function fakeDist(
  chunks: Record<
    string,
    { code: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
  >,
) {
  const dir = mkdtempSync(path.join(tmpdir(), 'js-budget-'))
  dirs.push(dir)
  mkdirSync(path.join(dir, '.vite'))
  mkdirSync(path.join(dir, 'assets'))
  const manifest = Object.fromEntries(
    Object.entries(chunks).map(([key, { code: body, ...chunk }]) => {
      const file = `assets/${key.replace(/[^\w]/g, '_')}.js`
      writeFileSync(path.join(dir, file), body)
      return [key, { file, ...chunk }]
    }),
  )
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest))
  return dir
}

const route = (page: string) => `src/routes/_public/${page}.tsx?tsr-split=component`

it('adds the entry, the layout and the route with their static imports, not what loads later', () => {
  const dir = fakeDist({
    'index.html': {
      code: code(40),
      isEntry: true,
      imports: ['_router.js'],
      dynamicImports: [route('index'), route('map')],
    },
    '_router.js': { code: code(20) },
    'src/routes/_public.tsx?tsr-split=component': { code: code(2), isDynamicEntry: true },
    [route('index')]: {
      code: code(10),
      isDynamicEntry: true,
      imports: ['_router.js', '_card.js'],
      dynamicImports: ['_comment-schema.js'],
    },
    '_card.js': { code: code(4) },
    '_comment-schema.js': { code: code(60) },
    [route('map')]: { code: code(10), isDynamicEntry: true, imports: ['_world.js'] },
    '_world.js': { code: code(120) },
  })
  const pages = Object.fromEntries(firstLoadSizes(dir).map((p) => [p.page, p]))
  expect(Object.keys(pages).sort()).toEqual(['/', 'map'])
  expect(pages['/']!.chunks.map((c) => c.file).sort()).toEqual(
    [
      'assets/_card_js.js',
      'assets/index_html.js',
      'assets/_router_js.js',
      'assets/src_routes__public_index_tsx_tsr_split_component.js',
      'assets/src_routes__public_tsx_tsr_split_component.js',
    ].sort(),
  )
  expect(pages['/']!.bytes).toBeGreaterThan(35_000)
  expect(pages['/']!.bytes).toBeLessThan(FIRST_LOAD_BUDGET)
  expect(pages['/']!.budgeted).toBe(true)
  // The map page carries the world map on purpose: measured, over the budget, and not held to it.
  expect(pages.map!.bytes).toBeGreaterThan(FIRST_LOAD_BUDGET)
  expect(pages.map!.budgeted).toBe(false)
})

it('fails the build naming the page and its biggest chunks when a budgeted page goes over', () => {
  const dir = fakeDist({
    'index.html': { code: code(80), isEntry: true, dynamicImports: [route('blog/$slug')] },
    [route('blog/$slug')]: { code: code(10), isDynamicEntry: true, imports: ['_date-library.js'] },
    '_date-library.js': { code: code(60) },
  })
  const run = spawnSync(process.execPath, [fileURLToPath(new URL('./js-budget.mjs', import.meta.url)), dir], {
    encoding: 'utf8',
  })
  expect(run.status).toBe(1)
  expect(run.stderr).toMatch(
    /^blog\/\$slug loads \d+\.\d KB of JS before it runs \(budget 100\.0 KB\); biggest: assets\/index_html\.js/,
  )
  expect(run.stderr).toContain('assets/_date_library_js.js')
})
