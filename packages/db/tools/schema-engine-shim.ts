// Speaks the native schema-engine's stdio JSON-RPC protocol (what `prisma migrate|db` spawn) and serves it
// with @prisma/schema-engine-wasm over driver adapters. Enabled via PRISMA_SCHEMA_ENGINE_BINARY=tools/schema-engine.
import readline from 'node:readline'
import { readFile } from 'node:fs/promises'
import pg from 'pg'
import { parse } from 'pg-connection-string'
import { openSchemaEngine, patchNodePgCharOid } from './schema-engine.ts'
import { pgMigrateFactory } from './pg-migrate-factory.ts'

import { appendFileSync } from 'node:fs'
const trace = (m: string) => {
  if (process.env.SHIM_TRACE) appendFileSync(process.env.SHIM_TRACE, `[${process.pid}] ${m}\n`)
}
const argv = process.argv.slice(2)
trace('argv ' + JSON.stringify(argv))
const opt = (name: string) => argv.flatMap((a, i) => (a === name ? [argv[i + 1] ?? ''] : []))
const log = (level: 'INFO' | 'ERROR', message: string, extra: Record<string, unknown> = {}) =>
  process.stderr.write(
    JSON.stringify({
      timestamp: new Date().toISOString(),
      level,
      fields: { message, ...extra },
      target: 'schema_engine::logger',
    }) + '\n',
  )

if (argv.includes('--version')) {
  console.log('schema-engine-cli 0edf323efd1d98336f3f0a68684b56f689b900d3 (wasm shim)')
  process.exit(0)
}
const datasource = JSON.parse(opt('--datasource')[0] ?? '{}') as { url?: string; shadowDatabaseUrl?: string }
if (!datasource.url?.match(/^postgres(ql)?:\/\//)) {
  log('ERROR', 'wasm shim: only postgresql:// datasource urls are supported')
  process.exit(1)
}

// `schema-engine --datasource … cli <command>`: used by the CLI to check / create the database
const cliIdx = argv.indexOf('cli')
if (cliIdx >= 0) {
  const cmd = argv[cliIdx + 1]
  const cfg = parse(datasource.url) as pg.ClientConfig
  const run = async (database: string | undefined, sql?: string) => {
    const c = new pg.Client({ ...cfg, database: database ?? undefined } as pg.ClientConfig)
    await c.connect()
    if (sql) await c.query(sql)
    await c.end()
  }
  try {
    if (cmd === 'can-connect-to-database') await run(cfg.database)
    else if (cmd === 'create-database') await run('postgres', `CREATE DATABASE "${cfg.database}"`)
    else if (cmd === 'drop-database') await run('postgres', `DROP DATABASE "${cfg.database}"`)
    else throw new Error(`unsupported cli command ${cmd}`)
    process.exit(0)
  } catch (e: any) {
    process.stderr.write('wasm shim\n')
    log(
      'ERROR',
      e.message,
      e.code === '3D000'
        ? { error_code: 'P1003', message: `Database \`${cfg.database}\` does not exist` }
        : { error_code: 'P1001', message: e.message },
    )
    process.exit(1)
  }
}

// wasm panics surface as uncaught "RuntimeError: unreachable"; report them like the native engine (exit 101)
let inflight: { id: number } | undefined
process.on('uncaughtException', (err) => {
  trace('uncaught ' + String(err?.stack ?? err) + ' panic=' + (globalThis as any).PRISMA_WASM_PANIC_REGISTRY?.message)
  const message = (globalThis as any).PRISMA_WASM_PANIC_REGISTRY?.message || String(err)
  log('ERROR', message, { is_panic: true })
  if (inflight)
    process.stdout.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: inflight.id,
        error: { code: 4466, message, data: { is_panic: true, message } },
      }) + '\n',
    )
  process.exitCode = 101
  setTimeout(() => process.exit(101), 50)
})

await patchNodePgCharOid()
const schemaFiles: [string, string][] = await Promise.all(
  opt('--datamodels').map(async (p) => [p, await readFile(p, 'utf-8')] as [string, string]),
)
const engine = await openSchemaEngine(pgMigrateFactory(datasource.url, datasource.shadowDatabaseUrl), schemaFiles)
const noFilter = { externalTables: [], externalEnums: [] }
const e = engine as any

const methods: Record<string, (p: any) => Promise<unknown>> = {
  // wasm createMigration/evaluateDataLoss cannot open a shadow DB themselves; they read the schema cache
  // that diagnoseMigrationHistory(optInToShadowDatabase) fills for the (fully applied) migrations list.
  createMigration: async (p) => {
    await e.diagnoseMigrationHistory({
      migrationsList: p.migrationsList,
      optInToShadowDatabase: true,
      filters: p.filters ?? noFilter,
    })
    return e.createMigration(p)
  },
  evaluateDataLoss: async (p) => {
    await e.diagnoseMigrationHistory({
      migrationsList: p.migrationsList,
      optInToShadowDatabase: true,
      filters: p.filters ?? noFilter,
    })
    return e.evaluateDataLoss(p)
  },
  // the native engine streams `migrate diff` output back through a `print` JSON-RPC request to the CLI
  diff: async (p) => {
    const r = await e.diff(p)
    if (r.stdout) await print(r.stdout)
    return { exitCode: r.exitCode, stdout: null }
  },
  getDatabaseVersion: () => e.version(),
  dbExecute: (p) => e.dbExecute(p),
}
for (const m of [
  'applyMigrations',
  'devDiagnostic',
  'diagnoseMigrationHistory',
  'diff',
  'ensureConnectionValidity',
  'introspect',
  'markMigrationApplied',
  'markMigrationRolledBack',
  'reset',
  'schemaPush',
  'introspectSql',
  'debugPanic',
])
  methods[m] ??= (p) => e[m](p)

const pendingPrints = new Map<number, () => void>()
let printId = 1_000_000
function print(content: string) {
  const id = printId++
  return new Promise<void>((resolve) => {
    pendingPrints.set(id, resolve)
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, method: 'print', params: { content } }) + '\n')
  })
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity })
let queue = Promise.resolve()
rl.on('line', (line) => {
  if (!line.trim()) return
  trace('in ' + line.slice(0, 200))
  const req = JSON.parse(line)
  if (!req.method) {
    pendingPrints.get(req.id)?.()
    pendingPrints.delete(req.id)
    return
  } // CLI ack of a print
  queue = queue.then(async () => {
    inflight = req
    const reply = (body: object) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: req.id, ...body }) + '\n')
    try {
      const fn = methods[req.method]
      if (!fn) throw Object.assign(new Error(`wasm shim: method ${req.method} is not supported`), { code: undefined })
      const result = await fn(req.params ?? {})
      reply({ result: result === undefined ? null : result })
    } catch (err: any) {
      const panic = (globalThis as any).PRISMA_WASM_PANIC_REGISTRY?.message
      reply({
        error: {
          code: 4466,
          message: 'An error happened. Check the data field for details.',
          data: {
            is_panic: err?.message === 'unreachable',
            message: panic && err?.message === 'unreachable' ? panic : String(err?.message ?? err),
            meta: err?.meta ?? {},
            error_code: err?.code,
          },
        },
      })
    }
  })
})
rl.on('close', async () => {
  trace('stdin closed')
  await queue
  engine.free()
  process.exit(0)
})
