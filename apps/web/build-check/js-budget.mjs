// Build step: the JavaScript a visitor's browser must download before a public page can run (first load), gzip
// size, per public route: the entry and what it imports statically, plus the route's component chunk and its
// static imports (the layout's too). Fails the build when a budgeted page goes over FIRST_LOAD_BUDGET, naming the
// biggest chunks. Pages that draw a map (/map, /places/{cc}) load the map code on purpose and are reported only.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { staticClosure } from './public-chunks.mjs'

/** First-load JS on the public pages at most 100 KB gzip. */
export const FIRST_LOAD_BUDGET = 100_000

const LAYOUT = 'src/routes/_public.tsx?tsr-split=component'
const PUBLIC_PAGE = /^src\/routes\/_public\/(.+)\.tsx\?tsr-split=component$/
const MAP_PAGES = new Set(['map', 'places/$code'])

/**
 * @param {string} distDir
 * @returns {{ page: string, bytes: number, budgeted: boolean, chunks: { file: string, bytes: number }[] }[]}
 */
export function firstLoadSizes(distDir) {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json')
  if (!existsSync(manifestFile))
    throw new Error(`No build manifest at ${manifestFile}: build with build.manifest enabled`)
  /** @type {Record<string, import('./public-chunks.mjs').ManifestChunk>} */
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))
  const sizes = new Map()
  const gzipped = (/** @type {string} */ key) => {
    const file = /** @type {import('./public-chunks.mjs').ManifestChunk} */ (manifest[key]).file
    if (!file.endsWith('.js')) return 0
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length)
    return sizes.get(file)
  }
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
  return Object.keys(manifest).flatMap((key) => {
    const page = PUBLIC_PAGE.exec(key)?.[1]
    if (!page) return []
    const chunks = [...staticClosure(manifest, [...entries, LAYOUT, key])]
      .map((k) => ({
        file: /** @type {import('./public-chunks.mjs').ManifestChunk} */ (manifest[k]).file,
        bytes: gzipped(k),
      }))
      .filter((c) => c.bytes > 0)
      .sort((a, b) => b.bytes - a.bytes)
    const bytes = chunks.reduce((sum, c) => sum + c.bytes, 0)
    return [{ page: page.replace(/(^|\/)index$/, '') || '/', bytes, budgeted: !MAP_PAGES.has(page), chunks }]
  })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const pages = firstLoadSizes(process.argv[2] ?? 'dist').sort((a, b) => b.bytes - a.bytes)
  const kb = (/** @type {number} */ n) => `${(n / 1000).toFixed(1)} KB`
  for (const p of pages)
    console.log(
      `first-load JS ${p.page.padEnd(14)} ${kb(p.bytes).padStart(9)} gzip${p.budgeted ? '' : ' (map page, not budgeted)'}`,
    )
  const over = pages.filter((p) => p.budgeted && p.bytes > FIRST_LOAD_BUDGET)
  if (over.length) {
    for (const p of over)
      console.error(
        `${p.page} loads ${kb(p.bytes)} of JS before it runs (budget ${kb(FIRST_LOAD_BUDGET)}); biggest: ${p.chunks
          .slice(0, 5)
          .map((c) => `${c.file} ${kb(c.bytes)}`)
          .join(', ')}`,
      )
    process.exit(1)
  }
}
