import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * SECRET_KEY when set; otherwise a key generated once and kept in DATA_DIR/secret.key (mode 600) so
 * encrypted settings survive restarts. An in-memory data dir gets a throwaway key.
 */
export function resolveSecretKey(configured: string | undefined, dataDir: string): string {
  if (configured) return configured
  if (dataDir.startsWith('memory://')) return randomBytes(32).toString('hex')
  const file = path.join(dataDir, 'secret.key')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const key = randomBytes(32).toString('hex')
  writeFileSync(file, key, { mode: 0o600 })
  return key
}
