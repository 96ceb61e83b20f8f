import { createHash } from 'node:crypto'
import type { Prisma } from '@wayfarer/db'
import type { ReportBuilder } from '../import/report'
import { IMPORTED_AUTHOR_PASSWORD_HASH } from '../import/terms'
import { cleanText } from '../input-policy'
import { sanitizePostHtml } from '../posts/sanitize'
import type { ArchiveRow } from './schema'
import type { ArchiveTable } from './tables'

/** What the tables of one import share: restore or merge, each table's old id → new id, references for the end. */
export interface RestoreState {
  restore: boolean
  idMaps: Map<string, Map<unknown, unknown>>
  report: ReportBuilder
  later: LaterRef[]
}

/** A reference written once its table is in (`ArchiveTable.laterRefs`). */
interface LaterRef {
  table: string
  column: string
  target: string
  id: unknown
  value: unknown
}

/** Sets the references that waited for a table restored after theirs; one that does not resolve stays null. */
export async function writeLaterRefs(tx: Prisma.TransactionClient, state: RestoreState): Promise<void> {
  for (const ref of state.later) {
    const target = state.idMaps.get(ref.target)?.get(ref.value)
    if (target !== undefined)
      await tx.$executeRawUnsafe(`UPDATE "${ref.table}" SET "${ref.column}" = $1 WHERE "id" = $2`, target, ref.id)
  }
}

// A row is known by its key columns; only a digest of them is kept (a comment's key holds its whole text).
const keyOf = (row: ArchiveRow, columns: string[]) =>
  createHash('sha256')
    .update(JSON.stringify(columns.map((c) => row[c] ?? null)))
    .digest('base64')

/**
 * Writes one table's rows as they stream in: a row already here (same key) is matched and its id remembered for
 * the tables that refer to it; a new one is inserted with every column this site has. Into an empty site the
 * ids are kept (a restore), otherwise new ones are taken and references renumbered (a merge).
 */
export class TableRestorer {
  private columns = new Set<string>()
  private readonly keys: string[][]
  private readonly known: Map<string, unknown>[]
  private readonly ids = new Map<unknown, unknown>()
  private readonly dropped = new Set<string>()
  private cleaned = 0
  private written = 0

  constructor(
    private readonly tx: Prisma.TransactionClient,
    private readonly table: ArchiveTable,
    private readonly state: RestoreState,
  ) {
    this.keys = [table.key, ...(table.alsoUnique ?? [])]
    this.known = this.keys.map(() => new Map())
    state.idMaps.set(table.table, this.ids)
  }

  private get keepIds() {
    return this.state.restore && this.table.keepIds
  }

  async begin(): Promise<void> {
    const columns = await this.tx.$queryRawUnsafe<{ column_name: string }[]>(
      // The columns a row may write: not those the database computes (it refuses a value there).
      `SELECT column_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER'`,
      this.table.table,
    )
    this.columns = new Set(columns.map((c) => c.column_name))
    const existing = await this.tx.$queryRawUnsafe<{ row: ArchiveRow }[]>(
      `SELECT row_to_json(t) AS row FROM "${this.table.table}" t`,
    )
    for (const { row } of existing) this.keys.forEach((k, i) => this.known[i]!.set(keyOf(row, k), row.id))
  }

  async add(original: ArchiveRow): Promise<void> {
    const { table, state } = this
    const row: ArchiveRow = { ...original }
    for (const [column, target] of Object.entries(table.refs ?? {})) {
      const refTable = typeof target === 'function' ? target(row) : target
      if (row[column] === null || row[column] === undefined || !refTable) continue
      const mapped = state.idMaps.get(refTable)?.get(row[column])
      // A row pointing at a row the archive does not hold is left out.
      if (mapped === undefined) return
      row[column] = mapped
    }
    const laterValues = Object.keys(table.laterRefs ?? {}).map((column) => [column, row[column]] as const)
    for (const [column] of laterValues) row[column] = null
    const matchKey = this.keys.findIndex((k, i) => this.known[i]!.has(keyOf(row, k)))
    const hasId = this.columns.has('id')
    if (matchKey >= 0) {
      if (hasId) this.ids.set(original.id, this.known[matchKey]!.get(keyOf(row, this.keys[matchKey]!)))
      if (table.report) state.report.count(table.report, 'existing')
      return
    }
    this.clean(row)
    if (hasId && !this.keepIds) delete row.id
    const names = Object.keys(row).filter((c) => this.columns.has(c) || (this.dropped.add(c), false))
    const list = names.map((c) => `"${c}"`).join(', ')
    const inserted = await this.tx.$queryRawUnsafe<{ id?: number }[]>(
      `INSERT INTO "${table.table}" (${list}) SELECT ${list} FROM json_populate_record(NULL::"${table.table}", $1::json)${hasId ? ' RETURNING "id"' : ''}`,
      JSON.stringify(row),
    )
    const id = inserted[0]?.id
    if (hasId) this.ids.set(original.id, id)
    for (const [column, value] of laterValues)
      if (value !== null && value !== undefined)
        state.later.push({ table: table.table, column, target: table.laterRefs![column]!, id, value })
    this.keys.forEach((k, i) => this.known[i]!.set(keyOf(row, k), id))
    this.written++
    if (table.report) state.report.count(table.report, 'created')
  }

  async finish(): Promise<void> {
    const { table, state } = this
    if (this.dropped.size)
      state.report.entry(
        'file',
        table.table,
        'note',
        `columns this site does not have were left out: ${[...this.dropped].join(', ')}`,
      )
    if (this.cleaned)
      state.report.entry(
        'file',
        table.table,
        'note',
        `control characters or broken characters were removed from ${this.cleaned} row${this.cleaned === 1 ? '' : 's'}`,
      )
    if (this.keepIds && this.columns.has('id') && this.written) {
      await this.tx.$executeRawUnsafe(
        `SELECT setval(pg_get_serial_sequence('"${table.table}"', 'id'), (SELECT COALESCE(MAX("id"), 0) + 1 FROM "${table.table}"), false)`,
      )
    }
  }

  /** Rows are written past Prisma and the forms, so the input policy and the post sanitiser are applied here. */
  private clean(row: ArchiveRow) {
    if (this.table.table === 'users') row.password_hash = IMPORTED_AUTHOR_PASSWORD_HASH
    let changed = false
    for (const [column, value] of Object.entries(row)) {
      if (typeof value !== 'string') continue
      const clean = cleanText(value)
      if (clean.changed) {
        row[column] = clean.value
        changed = true
      }
    }
    if (changed) this.cleaned++
    if (this.table.table === 'posts' && typeof row.content === 'string') row.content = sanitizePostHtml(row.content)
  }
}
