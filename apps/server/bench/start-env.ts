import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The NAME=value words of a root npm script (glibc's allocator settings, read only when a process starts), so that
 * what the benchmarks start runs as `npm start` (or `npm run import`) runs it.
 */
export function scriptEnv(script: 'start' | 'import'): Record<string, string> {
  const manifest = fileURLToPath(new URL('../../../package.json', import.meta.url))
  const { scripts } = JSON.parse(readFileSync(manifest, 'utf8')) as { scripts: Record<string, string> }
  return Object.fromEntries([...(scripts[script] ?? '').matchAll(/\b([A-Z_]+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]))
}
