import { readFileSync } from 'node:fs'
import path from 'node:path'
import { CREATE_HISTORY, type SqlConnection } from './migrator'

/**
 * A logical dump of Wayfarer's database in pg_dump's plain-SQL format: the schema as the migrations that built
 * it, the rows as `COPY … FROM stdin` blocks, then the sequences. `psql -f` restores it into an empty database;
 * `restoreSql` does the same through PGlite or node-postgres, so no pg_dump binary (of a matching version) is
 * needed for either kind. Section markers (`-- wayfarer:…`) keep it parseable line by line.
 */

const MARK = '-- wayfarer:'

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`

/** COPY's text format: backslash escapes for the characters that frame rows and fields; NULL is \N. */
const copyField = (value: string | null) =>
  value === null
    ? '\\N'
    : value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')

function parseCopyField(field: string): string | null {
  if (field === '\\N') return null
  return field.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v' })[c] ?? c)
}

// An enum type's name as a migration writes it (optionally schema-qualified), and one of its labels.
const TYPE_NAME = String.raw`((?:(?:"public"|public)\.)?(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*))`
const LABEL = String.raw`'(?:[^']|'')*'`
const ENUM_STATEMENT = new RegExp(
  String.raw`CREATE\s+TYPE\s+${TYPE_NAME}\s+AS\s+ENUM\s*\(\s*((?:${LABEL}\s*,?\s*)*)\)\s*;` +
    String.raw`|ALTER\s+TYPE\s+${TYPE_NAME}\s+ADD\s+VALUE\s+(?:IF\s+NOT\s+EXISTS\s+)?(${LABEL})(?:\s+(BEFORE|AFTER)\s+(${LABEL}))?\s*;`,
  'gi',
)
const typeKey = (name: string) => {
  const bare = name.replace(/^(?:"public"|public)\./i, '')
  return bare.startsWith('"') ? bare.slice(1, -1).replace(/""/g, '"') : bare.toLowerCase()
}

/**
 * PostgreSQL refuses an enum value in the transaction that added it ("unsafe use of new value", 55P04; PostgreSQL
 * 17 allows it only when the type is new in that transaction too), and a restore replays every migration and loads
 * the rows in one transaction. So each `ALTER TYPE … ADD VALUE` whose type is created earlier in `sql` is folded
 * into that `CREATE TYPE … AS ENUM` (at the place BEFORE/AFTER names): the type is born with all its values, in the
 * same order. Applied migrations are untouched; only the replayed copy changes (their checksums travel as rows).
 */
export function foldEnumValues(sql: string): string {
  const types = new Map<string, { name: string; labels: string[] }>()
  const parts: (string | { name: string; labels: string[] })[] = []
  let last = 0
  for (const m of sql.matchAll(ENUM_STATEMENT)) {
    parts.push(sql.slice(last, m.index))
    last = m.index + m[0].length
    const [statement, createdName, labels, alteredName, label, where, reference] = m
    if (createdName !== undefined) {
      const type = { name: createdName, labels: [...(labels ?? '').matchAll(new RegExp(LABEL, 'g'))].map((l) => l[0]) }
      types.set(typeKey(createdName), type)
      parts.push(type)
      continue
    }
    const type = types.get(typeKey(alteredName!))
    const at = reference === undefined ? -1 : (type?.labels.indexOf(reference) ?? -1)
    if (!type || (reference !== undefined && at < 0)) {
      parts.push(statement) // a type made elsewhere, or a label we cannot place: replay as written
      continue
    }
    if (!type.labels.includes(label!))
      type.labels.splice(
        reference === undefined ? type.labels.length : where!.toUpperCase() === 'BEFORE' ? at : at + 1,
        0,
        label!,
      )
    parts.push(`-- ${alteredName} gets ${label} where it is created above (replayed in one transaction)`)
  }
  parts.push(sql.slice(last))
  return parts
    .map((p) => (typeof p === 'string' ? p : `CREATE TYPE ${p.name} AS ENUM (${p.labels.join(', ')});`))
    .join('')
}

interface Column {
  name: string
  type: string
}

/** A foreign key a restore adds only after the rows: it points at a table loaded later (a cycle) or at its own. */
interface LateKey {
  table: string
  name: string
  definition: string
}

/**
 * Tables made from the rows of others: not dumped. Triggers fill the version tables again as the rows load (a
 * dumped copy would collide with what they wrote), and the server makes the kept pages again.
 */
const DERIVED = ['post_search_versions', 'page_versions', 'rendered_pages']

async function tablesInLoadOrder(db: SqlConnection): Promise<{ tables: string[]; lateKeys: LateKey[] }> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND NOT c.relname = ANY($1) ORDER BY c.relname`,
    [DERIVED],
  )
  const { rows: links } = await db.query<{ child: string; parent: string; name: string; definition: string }>(
    `SELECT cl.relname AS child, pl.relname AS parent, co.conname AS name, pg_get_constraintdef(co.oid) AS definition
     FROM pg_constraint co JOIN pg_class cl ON cl.oid = co.conrelid JOIN pg_class pl ON pl.oid = co.confrelid
     JOIN pg_namespace n ON n.oid = co.connamespace WHERE co.contype = 'f' AND n.nspname = 'public' ORDER BY co.conname`,
  )
  // Parents before children, so a restore never inserts a row before the row it points at.
  const ordered: string[] = []
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return
    path.add(table)
    for (const l of links) if (l.child === table && l.parent !== table) visit(l.parent, path)
    ordered.push(table)
  }
  for (const t of tables) visit(t.name, new Set())
  // Tables that point at each other (a trip's cover photo is a gallery image, a gallery image belongs to a trip)
  // have no such order, and a row may point at a later row of its own table: those keys are dropped for the load
  // and added again after it, which checks every row — as pg_dump does, adding all keys after the data.
  const lateKeys = links
    .filter((l) => ordered.indexOf(l.parent) >= ordered.indexOf(l.child))
    .map((l) => ({ table: l.child, name: l.name, definition: l.definition }))
  return { tables: ordered, lateKeys }
}

async function columnsOf(db: SqlConnection, table: string): Promise<Column[]> {
  const { rows } = await db.query<Column>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a
     WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     ORDER BY a.attnum`,
    [`public.${ident(table)}`],
  )
  return rows
}

async function primaryKeyOf(db: SqlConnection, table: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
     WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`,
    [`public.${ident(table)}`],
  )
  return rows.map((r) => r.name)
}

/** Writes the dump through `write`; run it inside one snapshot (a REPEATABLE READ transaction, or PGlite's lock). */
export async function dumpSql(
  db: SqlConnection,
  migrationsDir: string,
  write: (chunk: string) => Promise<void> | void,
): Promise<{ tables: Record<string, number> }> {
  await write(
    `-- Wayfarer database dump: pg_dump-compatible plain SQL.\n-- Restore with "npm run restore -- FILE" (embedded or PostgreSQL), or psql -f into an empty database.\n` +
      `SET client_encoding = 'UTF8';\nSET standard_conforming_strings = on;\n${MARK}schema\n${CREATE_HISTORY};\n`,
  )
  const { rows: applied } = await db.query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
  )
  const migrations = applied.map(
    ({ migration_name: name }) =>
      `${MARK}migration ${name}\n${readFileSync(path.join(migrationsDir, name, 'migration.sql'), 'utf8').trimEnd()}\n`,
  )
  await write(foldEnumValues(migrations.join('')))
  await write(`${MARK}data\n`)
  const tables: Record<string, number> = {}
  const load = await tablesInLoadOrder(db)
  for (const key of load.lateKeys)
    await write(`ALTER TABLE public.${ident(key.table)} DROP CONSTRAINT ${ident(key.name)};\n`)
  for (const table of load.tables) {
    const columns = await columnsOf(db, table)
    const key = await primaryKeyOf(db, table)
    const order = (key.length ? key : columns.map((c) => c.name)).map(ident).join(', ')
    await write(`COPY public.${ident(table)} (${columns.map((c) => ident(c.name)).join(', ')}) FROM stdin;\n`)
    let count = 0
    for (let offset = 0; ; offset += 500) {
      const { rows } = await db.query<Record<string, string | null>>(
        `SELECT ${columns.map((c, i) => `${ident(c.name)}::text AS c${i}`).join(', ')} FROM public.${ident(table)} ORDER BY ${order} LIMIT 500 OFFSET ${offset}`,
      )
      if (rows.length === 0) break
      await write(rows.map((r) => columns.map((_, i) => copyField(r[`c${i}`] ?? null)).join('\t') + '\n').join(''))
      count += rows.length
      if (rows.length < 500) break
    }
    await write('\\.\n')
    tables[table] = count
  }
  for (const key of load.lateKeys)
    await write(`ALTER TABLE public.${ident(key.table)} ADD CONSTRAINT ${ident(key.name)} ${key.definition};\n`)
  await write(`${MARK}sequences\n`)
  const { rows: sequences } = await db.query<{ seq: string }>(
    `SELECT c.relname AS seq FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'S' AND n.nspname = 'public' ORDER BY c.relname`,
  )
  for (const { seq } of sequences) {
    const { rows } = await db.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text AS last_value, is_called FROM public.${ident(seq)}`,
    )
    const state = rows[0]
    if (state)
      await write(
        `SELECT pg_catalog.setval(${literal(`public.${ident(seq)}`)}, ${state.last_value}, ${state.is_called});\n`,
      )
  }
  await write(`${MARK}end\n`)
  return { tables }
}

/** Thrown when a restore target is not empty, or the dump is not one of ours. */
export class RestoreError extends Error {
  override name = 'RestoreError'
}

/**
 * Loads a dump written by `dumpSql` into an empty database: the migrations, every row (through typed INSERTs,
 * parents first), the sequences. Run it inside one transaction so a failure leaves nothing behind.
 */
export async function restoreSql(
  db: SqlConnection,
  lines: AsyncIterable<string>,
): Promise<{ tables: Record<string, number> }> {
  const { rows: existing } = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'`,
  )
  if (Number(existing[0]?.n ?? 0) > 0)
    throw new RestoreError('The target database is not empty: restore only into an empty database')

  const tables: Record<string, number> = {}
  let section = 'preamble'
  let statement: string[] = []
  let copy: { table: string; columns: string[]; rows: (string | null)[][]; types?: Map<string, string> } | null = null
  let sawEnd = false

  // The schema (all migrations) runs as one piece, so ADD VALUEs fold into their CREATE TYPE even in dumps
  // written before the dump did that itself.
  const flushStatement = async () => {
    const sql = statement.join('\n').trim()
    statement = []
    if (sql) await db.exec(foldEnumValues(sql))
  }
  const flushRows = async () => {
    if (!copy || copy.rows.length === 0) return
    copy.types ??= new Map((await columnsOf(db, copy.table)).map((c) => [c.name, c.type]))
    const params: (string | null)[] = []
    const values = copy.rows.map(
      (row) =>
        `(${row
          .map((v, i) => {
            params.push(v)
            return `$${params.length}::text::${copy!.types!.get(copy!.columns[i]!) ?? 'text'}`
          })
          .join(', ')})`,
    )
    await db.query(
      `INSERT INTO public.${ident(copy.table)} (${copy.columns.map(ident).join(', ')}) VALUES ${values.join(', ')}`,
      params,
    )
    tables[copy.table] = (tables[copy.table] ?? 0) + copy.rows.length
    copy.rows = []
  }

  for await (const line of lines) {
    if (copy) {
      if (line === '\\.') {
        await flushRows()
        copy = null
      } else {
        copy.rows.push(line.split('\t').map(parseCopyField))
        if (copy.rows.length >= 200) await flushRows()
      }
      continue
    }
    if (line.startsWith(MARK)) {
      section = line.slice(MARK.length).split(' ')[0] ?? ''
      if (section !== 'migration') await flushStatement()
      if (section === 'end') sawEnd = true
      continue
    }
    const copyStart = /^COPY public\."((?:[^"]|"")+)" \((.*)\) FROM stdin;$/.exec(line)
    if (section === 'data' && copyStart) {
      await flushStatement() // what precedes the rows (keys dropped for the load) runs before them
      const columns = [...copyStart[2]!.matchAll(/"((?:[^"]|"")+)"/g)].map((m) => m[1]!.replace(/""/g, '"'))
      copy = { table: copyStart[1]!.replace(/""/g, '"'), columns, rows: [] }
      tables[copy.table] ??= 0
      continue
    }
    if (section !== 'preamble') statement.push(line)
  }
  await flushStatement()
  if (!sawEnd)
    throw new RestoreError(
      'The database dump is incomplete (no end marker): the archive is truncated or not a Wayfarer backup',
    )
  return { tables }
}
