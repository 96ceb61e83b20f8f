import { spawn } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '@wayfarer/db'
import { scratchDir } from '../testing/scratch-dir'
import { nodeArgs } from '../testing/server-process'
import { defaultWxrSite, plainWxrPost, wxrDocument } from '@wayfarer/api/import-fixtures'
import { icelandExport, writeZip } from '@wayfarer/api/polarsteps-fixtures'

const serverDir = path.resolve(import.meta.dirname, '../..')
let file: string

/** Runs the CLI; the owner account comes from ADMIN_EMAIL/ADMIN_PASSWORD unless `owner` is false. */
async function cli(
  args: string[],
  env: Record<string, string>,
  owner = true,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const argv = await nodeArgs('transfer-cli', ...args)
  return new Promise((resolve) => {
    const child = spawn(process.execPath, argv, {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        ...(owner ? { ADMIN_EMAIL: 'owner@cli.test', ADMIN_PASSWORD: 'cli-password-1' } : {}),
        SECRET_KEY: 'cli-secret-key-that-is-at-least-32-chars',
        ...env,
      },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

const inScratch = scratchDir('wayfarer-cli-')
beforeAll(async () => {
  file = inScratch('site.xml')
  await writeFile(
    file,
    wxrDocument(
      defaultWxrSite('https://old-blog.example'),
      Array.from({ length: 120 }, (_, i) => plainWxrPost(i + 1)),
    ),
  )
})

describe('npm run import (CLI) on the embedded database', () => {
  it('dry run, import with progress output, then a second run that creates nothing', async () => {
    const env = { DATA_DIR: inScratch('data') }
    const dry = await cli(['wordpress', file, '--dry-run'], env)
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stdout).toMatch(/Dry run \(nothing was written\): wordpress from https:\/\/old-blog\.example/)
    expect(dry.stdout).toMatch(/posts\s+120\s+0\s+0/)

    const first = await cli(['wordpress', file], env)
    expect(first.code, first.stderr).toBe(0)
    expect(first.stderr).toContain('importing stories: 120/120 (100%)')
    expect(first.stderr).toContain('importing stories: 6/120 (5%)')
    expect(first.stdout).toMatch(/posts\s+120\s+0\s+0/)
    expect(first.stdout).toMatch(/comments\s+24\s+0\s+0/)
    expect(first.stdout).toMatch(/peak memory \d+ MB/)

    const second = await cli(['wordpress', file], env)
    expect(second.stdout).toMatch(/posts\s+0\s+120\s+0/)
  }, 120_000)

  it('into a new DATA_DIR: creates the site without the demo content and shows the new owner password last', async () => {
    const env = { DATA_DIR: inScratch('new-site') }
    const run = await cli(['wordpress', file], env, false)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/posts\s+120\s+0\s+0/)
    // The password box comes after the report: the only time this password is ever shown.
    const box = run.stdout.indexOf('Wayfarer created the owner account')
    expect(box).toBeGreaterThan(run.stdout.indexOf('peak memory'))
    expect(run.stdout.slice(box)).toContain('admin@example.com')
    // Only the imported stories: the demo site was not seeded underneath them; one owner, told once.
    const again = await cli(['wordpress', file, '--dry-run'], env, false)
    expect(again.stdout).toMatch(/posts\s+0\s+120\s+0/)
    expect(again.stdout).not.toContain('Wayfarer created the owner account')
    const database = await openDatabase({ dataDir: env.DATA_DIR })
    try {
      expect(await database.prisma.post.count()).toBe(120)
      expect(await database.prisma.user.count({ where: { email: 'admin@example.com' } })).toBe(1)
    } finally {
      await database.close()
    }
  }, 120_000)

  it('explains what to do when the server holds the embedded database, and refuses wrong files', async () => {
    // A data directory a running server holds: the lock file names a live process (this one).
    const locked = inScratch('locked')
    await mkdir(locked)
    await writeFile(path.join(locked, 'wayfarer.pid'), String(process.pid))
    // Three independent refusals: started together, so their start-up (the server's modules) overlaps.
    const [busy, wrong, usage] = await Promise.all([
      cli(['wordpress', file], { DATA_DIR: locked }),
      cli(['ghost', file], { DATA_DIR: inScratch('data') }),
      cli(['wordpress'], { DATA_DIR: inScratch('data') }),
    ])
    expect(busy.code).toBe(1)
    expect(busy.stderr).toMatch(/Stop the server first .*or import through Admin → Settings → Import\/Export/s)
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toContain('This file looks like a wordpress export, not a ghost export.')
    expect(usage.code).toBe(2)
    expect(usage.stdout).toContain('npm run import -- wordpress FILE')
  }, 120_000)

  it('moves a Polarsteps export in: a dry run, then the import with --publish', async () => {
    const zip = await writeZip(inScratch('polarsteps.zip'), await icelandExport())
    const env = { DATA_DIR: inScratch('polarsteps-data') }
    const dry = await cli(['polarsteps', zip, '--dry-run'], env)
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stdout).toContain('Dry run (nothing was written): polarsteps')
    expect(dry.stdout).toMatch(/track_points\s+4\s+0\s+0/)
    const first = await cli(['polarsteps', zip, '--publish'], env)
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toMatch(/trips\s+1\s+0\s+0/)
    expect(first.stdout).toMatch(/posts\s+2\s+0\s+0/)
    expect(first.stdout).toMatch(/gallery\s+2\s+0\s+0/)
  }, 120_000)
})
