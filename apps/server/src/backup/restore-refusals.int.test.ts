import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { Header, type HeaderData } from 'tar'
import { afterAll, describe, expect, it } from 'vitest'
import { restoreBackup } from './archive'

// A restore writes only regular files and folders, and a failed restore leaves nothing behind and says why
// (docs/security.md).
const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'wf-restore-'))
  dirs.push(dir)
  return dir
}

interface Entry {
  path: string
  type?: HeaderData['type']
  body?: string | Buffer
  linkpath?: string
}

/** A tar.gz written block by block, so it can hold what no honest backup does. */
function archiveOf(entries: Entry[]): string {
  const blocks: Buffer[] = []
  for (const entry of entries) {
    const type = entry.type ?? 'File'
    const body = type === 'File' ? Buffer.from(entry.body ?? '') : Buffer.alloc(0)
    const header = Buffer.alloc(512)
    new Header({
      path: entry.path,
      type,
      linkpath: entry.linkpath,
      size: body.length,
      mode: type === 'Directory' ? 0o755 : 0o644,
      mtime: new Date(0),
    }).encode(header, 0)
    blocks.push(header, body, Buffer.alloc((512 - (body.length % 512)) % 512))
  }
  blocks.push(Buffer.alloc(1024))
  const file = path.join(tempDir(), 'backup.tar.gz')
  writeFileSync(file, gzipSync(Buffer.concat(blocks)))
  return file
}

const manifest: Entry = {
  path: 'wayfarer-backup.json',
  body: JSON.stringify({
    format: 1,
    createdAt: '2026-01-01T00:00:00Z',
    database: 'pglite',
    tables: {},
    images: 1,
    secretKey: false,
  }),
}
const restoreInto = (file: string, dataDir: string) => restoreBackup(file, { database: { dataDir }, dataDir })

describe('restore refuses what a backup never holds', () => {
  it.each<[string, Entry, RegExp]>([
    [
      'a symlink that stays inside the archive',
      { path: 'images/leak.png', type: 'SymbolicLink', linkpath: '../../../secret.key' },
      /images\/leak\.png -> \.\.\/\.\.\/\.\.\/secret\.key \(SymbolicLink\)/,
    ],
    [
      'a hard link',
      { path: 'images/hard.png', type: 'Link', linkpath: 'secret.key' },
      /images\/hard\.png -> secret\.key \(Link\)/,
    ],
    ['a fifo', { path: 'images/pipe', type: 'FIFO' }, /images\/pipe \(FIFO\)/],
    ['a device', { path: 'images/disk', type: 'BlockDevice' }, /images\/disk \(BlockDevice\)/],
  ])('%s: refused by name, nothing written', async (_, hostile, message) => {
    const dataDir = tempDir()
    writeFileSync(path.join(dataDir, 'secret.key'), 'the key of this site')
    const file = archiveOf([
      manifest,
      { path: 'database.sql', body: '-- wayfarer:end\n' },
      { path: 'images/', type: 'Directory' },
      { path: 'images/real.png', body: 'png' },
      hostile,
    ])
    const failure = await restoreInto(file, dataDir).catch((error: Error) => error)
    expect(failure).toBeInstanceOf(Error)
    expect((failure as Error).name).toBe('RestoreError')
    expect((failure as Error).message).toMatch(message)
    expect((failure as Error).message).toContain('only regular files and folders')
    expect(readdirSync(dataDir)).toEqual(['secret.key'])
  })
})

describe('a failed restore', () => {
  it('reports the cause and removes its staging folder', async () => {
    const dataDir = tempDir()
    const file = archiveOf([
      manifest,
      // A dump cut short: no end marker.
      { path: 'database.sql', body: '-- wayfarer:schema\nSELECT 1;\n' },
      { path: 'images/', type: 'Directory' },
      ...Array.from({ length: 40 }, (_, i) => ({ path: `images/2026/${i}.jpg`, body: Buffer.alloc(20_000, i) })),
    ])
    await expect(restoreInto(file, dataDir)).rejects.toThrow(/incomplete \(no end marker\)/)
    expect(readdirSync(dataDir).filter((name) => name.startsWith('.restore-'))).toEqual([])
    expect(existsSync(path.join(dataDir, 'images'))).toBe(false)
  }, 120_000)

  it('reports a damaged archive as such and removes its staging folder', async () => {
    const dataDir = tempDir()
    const whole = archiveOf([
      manifest,
      { path: 'database.sql', body: '-- wayfarer:end\n' },
      { path: 'images/', type: 'Directory' },
      ...Array.from({ length: 40 }, (_, i) => ({ path: `images/2026/${i}.jpg`, body: Buffer.alloc(20_000, i) })),
    ])
    const bytes = readFileSync(whole)
    writeFileSync(whole, bytes.subarray(0, Math.floor(bytes.length * 0.6)))
    const failure = await restoreInto(whole, dataDir).catch((error: Error) => error)
    expect(failure).toBeInstanceOf(Error)
    expect((failure as NodeJS.ErrnoException).code).not.toBe('ENOTEMPTY')
    expect((failure as Error).name).toBe('RestoreError')
    expect((failure as Error).message).toMatch(/cannot be read as a backup archive .*unexpected end of file/)
    expect(readdirSync(dataDir).filter((name) => name.startsWith('.restore-'))).toEqual([])
  })
})
