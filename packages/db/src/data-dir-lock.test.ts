import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir } from './data-dir-lock'

describe('data dir lock', () => {
  it('lets one holder in, refuses a second, and frees on release', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wf-lock-'))
    const release = lockDataDir(dir)
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
    expect(() => lockDataDir(dir)).toThrow(/already in use by another Wayfarer process \(pid \d+\)/)
    release()
    lockDataDir(dir)()
  })

  it('takes over a lock left by a dead process', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wf-lock-'))
    writeFileSync(path.join(dir, 'wayfarer.pid'), '2147480000')
    const release = lockDataDir(dir)
    expect(readFileSync(path.join(dir, 'wayfarer.pid'), 'utf8')).toBe(String(process.pid))
    release()
  })
})
