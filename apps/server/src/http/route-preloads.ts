import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
}

const LAYOUT = 'src/routes/_public.tsx?tsr-split=component'
const PUBLIC_PAGE = /^src\/routes\/_public\/(.+)\.tsx\?tsr-split=component$/

/** A route file's path (`blog/$slug`, `trips/index`) as a pattern for the addresses it serves. */
function addressPattern(page: string): RegExp {
  const segments = page
    .split('/')
    .filter((s, i, all) => !(s === 'index' && i === all.length - 1))
    .map((s) => (s.startsWith('$') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  return new RegExp(`^/${segments.join('/')}$`)
}

function staticClosure(manifest: Record<string, ManifestChunk>, roots: string[]): Set<string> {
  const seen = new Set<string>()
  const queue = [...roots]
  while (queue.length) {
    const key = queue.pop()!
    if (seen.has(key) || !manifest[key]) continue
    seen.add(key)
    queue.push(...(manifest[key].imports ?? []))
  }
  return seen
}

/**
 * The `<link rel="modulepreload">` tags of a public page's own code, from the web build's manifest. The HTML names
 * only the entry's chunks; the page's route chunk and what it imports would otherwise be asked for only after the
 * entry has run and the router has matched the address: one more round trip before the first paint on a phone.
 * Returns '' for addresses no public route serves, and for a build without a manifest.
 */
export function routePreloads(distDir: string): (pathname: string) => string {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json')
  if (!existsSync(manifestFile)) return () => ''
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>
  const entry = staticClosure(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key]!.isEntry),
  )
  const pages = Object.keys(manifest).flatMap((key) => {
    const page = PUBLIC_PAGE.exec(key)?.[1]
    if (!page) return []
    const files = [...staticClosure(manifest, [LAYOUT, key])]
      .filter((k) => !entry.has(k) && manifest[k]!.file.endsWith('.js'))
      .map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k]!.file}">`)
    return [{ pattern: addressPattern(page), tags: files.join('\n') }]
  })
  return (pathname) => pages.find((p) => p.pattern.test(pathname))?.tags ?? ''
}
