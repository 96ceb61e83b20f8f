import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { DurableNodeFS, durableStartParams } from './durable-fs'
import { emptyClusterArchive, engineKey, writeEmptyClusterArchive } from './empty-cluster'
import { applyPendingMigrations, resolveMigrationsDir } from './migrator'
import { PGLITE_EXTENSIONS } from './index'

// What the build does (build.mjs) and what a new on-disk embedded database is then made from.
const scratch = mkdtempSync(path.join(tmpdir(), 'wf-empty-cluster-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('the empty cluster made by the build', () => {
  it('is written for this engine, reused from the cache, and becomes a working database on disk', async () => {
    const cache = path.join(scratch, 'cache')
    const first = path.join(scratch, 'build-1')
    const second = path.join(scratch, 'build-2')
    mkdirSync(first)
    mkdirSync(second)

    const written = await writeEmptyClusterArchive(first, cache)
    expect(path.basename(written)).toBe(`pglite-cluster-${engineKey()}.tar.gz`)
    const cached = path.join(cache, path.basename(written))
    const madeAt = statSync(cached).mtimeMs
    // A second build copies the cached cluster instead of running initdb again.
    await writeEmptyClusterArchive(second, cache)
    expect(statSync(cached).mtimeMs).toBe(madeAt)
    expect(readdirSync(second)).toEqual([path.basename(written)])

    expect(emptyClusterArchive(path.join(scratch, 'nothing-here'))).toBeUndefined()
    const archive = emptyClusterArchive(second)
    expect(archive).toBeDefined()

    const pgliteDir = path.join(scratch, 'data', 'pglite')
    mkdirSync(pgliteDir, { recursive: true })
    const pglite = await PGlite.create({
      fs: new DurableNodeFS(pgliteDir),
      startParams: durableStartParams(),
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: archive!,
    })
    try {
      const applied = await applyPendingMigrations(pglite, resolveMigrationsDir())
      expect(applied.length).toBeGreaterThan(0)
      const { rows } = await pglite.query<{ shared_buffers: string }>('SHOW shared_buffers')
      expect(rows[0]!.shared_buffers).toBe('16MB')
    } finally {
      await pglite.close()
    }
    // The cluster is on disk: it opens again without the archive.
    expect(readdirSync(pgliteDir)).toContain('PG_VERSION')
    const again = await PGlite.create({ fs: new DurableNodeFS(pgliteDir), startParams: durableStartParams() })
    try {
      const { rows } = await again.query<{ n: number }>(`SELECT count(*)::int AS n FROM "_prisma_migrations"`)
      expect(rows[0]!.n).toBeGreaterThan(0)
    } finally {
      await again.close()
    }
  }, 120_000)
})
