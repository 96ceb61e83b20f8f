// Proves that visitors never download admin code: walks the static-import graph of the built app from the
// entry and every public route's chunk (Vite's build manifest) and looks for the rich-text editor (Slate)
// in each chunk reached. Runs after `vite build`; exits non-zero naming the chunk when Slate leaks.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Strings that survive minification: slate's own error text and slate-react's DOM attribute. */
export const SLATE_MARKERS = ['Cannot find a descendant at path', 'data-slate-editor', 'data-slate-node']

/** @typedef {{ file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[] }} ManifestChunk */

/** Route modules that only the owner loads: the admin screens and the sign-in page. */
const isPrivateRoute = (/** @type {string} */ src) => /(^|\/)src\/routes\/(admin(\/|\.|$)|login(\/|\.|$))/.test(src)
const isRouteModule = (/** @type {string} */ src) => /(^|\/)src\/routes\//.test(src)

/**
 * The manifest keys a visitor can load on a public page: the entry, every public route chunk, and
 * everything they import statically.
 * @param {Record<string, ManifestChunk>} manifest
 * @returns {string[]}
 */
export function publicChunkKeys(manifest) {
  const roots = Object.entries(manifest)
    .filter(
      ([key, c]) => c.isEntry || (c.isDynamicEntry && isRouteModule(c.src ?? key) && !isPrivateRoute(c.src ?? key)),
    )
    .map(([key]) => key)
  return [...staticClosure(manifest, roots)].sort()
}

/**
 * The manifest keys `roots` load before they run: themselves and everything they import statically.
 * @param {Record<string, ManifestChunk>} manifest
 * @param {string[]} roots
 * @returns {Set<string>}
 */
export function staticClosure(manifest, roots) {
  const seen = new Set()
  const queue = [...roots]
  while (queue.length) {
    const key = /** @type {string} */ (queue.pop())
    if (seen.has(key) || !manifest[key]) continue
    seen.add(key)
    queue.push(...(manifest[key].imports ?? []))
  }
  return seen
}

/**
 * Public chunks that contain Slate, with the marker found.
 * @param {string} distDir
 * @returns {{ publicChunks: string[], leaks: { chunk: string, marker: string }[], slateChunks: string[] }}
 */
export function findSlateInPublicChunks(distDir) {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json')
  if (!existsSync(manifestFile))
    throw new Error(`No build manifest at ${manifestFile}: build with build.manifest enabled`)
  /** @type {Record<string, ManifestChunk>} */
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))
  const markerIn = (/** @type {ManifestChunk} */ c) => {
    if (/node_modules\/slate/.test(c.src ?? '')) return 'slate module'
    const code = readFileSync(path.join(distDir, c.file), 'utf8')
    return SLATE_MARKERS.find((m) => code.includes(m))
  }
  const slateChunks = Object.values(manifest)
    .filter((c) => c.file.endsWith('.js') && markerIn(c))
    .map((c) => c.file)
  const publicKeys = publicChunkKeys(manifest)
  const leaks = publicKeys.flatMap((key) => {
    const chunk = /** @type {ManifestChunk} */ (manifest[key])
    const marker = chunk.file.endsWith('.js') ? markerIn(chunk) : undefined
    return marker ? [{ chunk: chunk.file, marker }] : []
  })
  return { publicChunks: publicKeys.map((k) => /** @type {ManifestChunk} */ (manifest[k]).file), leaks, slateChunks }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = process.argv[2] ?? 'dist'
  const { publicChunks, leaks, slateChunks } = findSlateInPublicChunks(distDir)
  if (leaks.length) {
    console.error(`Slate reaches public pages through: ${leaks.map((l) => `${l.chunk} (${l.marker})`).join(', ')}`)
    process.exit(1)
  }
  console.log(
    `public bundle check: ${publicChunks.length} public chunks without Slate (Slate only in: ${slateChunks.join(', ') || 'none'})`,
  )
}
