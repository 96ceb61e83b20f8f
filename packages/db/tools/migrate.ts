// Migration tooling that needs neither the network nor a database server.
//   tsx tools/migrate.ts create NAME   diff schema.prisma against the migration history (replayed on in-memory
//                                      PGlite) and write prisma/migrations/<timestamp>_NAME/migration.sql
//   tsx tools/migrate.ts deploy|status apply / inspect on DATABASE_URL, or on the PGlite data dir given
//                                      as the next argument (default ../../.data/pglite)
import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { PrismaPGlite } from 'pglite-prisma-adapter'
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import {
  openSchemaEngine,
  createMigration,
  applyMigrations,
  status,
  readSchemaFiles,
  patchPgliteCharOid,
  patchNodePgCharOid,
} from './schema-engine.ts'
import { pgMigrateFactory } from './pg-migrate-factory.ts'

const [cmd, arg] = process.argv.slice(2)
const migrationsDir = 'prisma/migrations'
const shadows: PGlite[] = []

async function pgliteFactory(
  dataDir: string,
): Promise<{ factory: SqlMigrationAwareDriverAdapterFactory; main: PGlite }> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true })
  const main = patchPgliteCharOid(await PGlite.create({ dataDir, extensions: { pg_trgm } }))
  const base = new PrismaPGlite(main)
  return {
    main,
    factory: {
      provider: 'postgres',
      adapterName: base.adapterName,
      connect: () => base.connect(),
      async connectToShadowDb() {
        const db = patchPgliteCharOid(await PGlite.create({ dataDir: 'memory://', extensions: { pg_trgm } }))
        shadows.push(db)
        return new PrismaPGlite(db).connect()
      },
    },
  }
}

const useServer = cmd !== 'create' && !!process.env.DATABASE_URL
let main: PGlite | undefined
let factory: SqlMigrationAwareDriverAdapterFactory
if (useServer) {
  await patchNodePgCharOid()
  factory = pgMigrateFactory(process.env.DATABASE_URL!)
} else {
  const opened = await pgliteFactory(cmd === 'create' ? 'memory://' : (arg ?? '../../.data/pglite'))
  factory = opened.factory
  main = opened.main
}
const schemaFiles = await readSchemaFiles('prisma/schema.prisma')
const engine = await openSchemaEngine(factory, schemaFiles)
try {
  if (cmd === 'create') {
    if (!arg) throw new Error('usage: migrate create NAME')
    const created = await createMigration(engine, migrationsDir, schemaFiles, arg)
    console.log(
      created ? `created prisma/migrations/${created}` : 'schema.prisma matches the migrations: nothing to create',
    )
  } else if (cmd === 'deploy') console.log('applied:', await applyMigrations(engine, migrationsDir))
  else if (cmd === 'status') console.log(JSON.stringify(await status(engine, migrationsDir), null, 2))
  else throw new Error('usage: migrate create NAME | deploy [pgliteDir] | status [pgliteDir]')
} catch (e) {
  console.error(e instanceof Error ? e.message : e)
  process.exitCode = 1
} finally {
  engine.free()
  for (const s of shadows) await s.close().catch(() => {})
  await main?.close()
  // the wasm engine leaves a 10 s timer behind; a CLI is done here
  process.exit(process.exitCode ?? 0)
}
