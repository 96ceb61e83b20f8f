import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveMigrationsDir } from './migrator'

// Prisma's schema engine splits migration scripts on ';' without understanding comments, so a ';' inside
// a comment breaks `prisma migrate deploy` (our own boot migrator would not notice).
describe('migration files', () => {
  const dir = resolveMigrationsDir()
  const migrations = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)

  it.each(migrations)('%s has no semicolon inside a comment', (name) => {
    const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8')
    const commentsWithSemicolon = sql.split('\n').filter((line) => /--.*;/.test(line))
    expect(commentsWithSemicolon).toEqual([])
  })
})
