import type { PrismaClient } from './generated/prisma/client'

/** Tables smaller than this are left alone: the planner's guesses cost little there. */
const SMALLEST_BYTES = 64 * 1024
/** Growth since the last ANALYZE after which a table's statistics are made again (autovacuum's default is 10 %). */
const GROWN_BY = 1.2
/** Autovacuum's defaults: a table is vacuumed once its dead rows exceed 50 plus a fifth of its live ones. */
const VACUUM_BASE = 50
const VACUUM_SCALE = 0.2

const quoted = (names: string[]) => names.map((n) => `"${n.replace(/"/g, '""')}"`).join(', ')

/**
 * The planner's statistics of the embedded database, made again where they are missing or old. PostgreSQL's
 * autovacuum does this on a server; PGlite runs no background workers, so its tables keep the statistics of
 * their last ANALYZE, none at all after an import, and the planner guesses their size: reading 100,000 stories in
 * id order (the search index's first read) took 150 s instead of 21 s. The tables above 64 KB whose statistics
 * are missing or whose file grew by a fifth since are analysed (about 5 s at 100,000 stories, once); finding them
 * is one catalog query. Returns their names.
 */
export async function analyzeGrownTables(prisma: PrismaClient): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ name: string }[]>`
    SELECT c."relname" AS "name"
    FROM "pg_class" c
    WHERE c."relnamespace" = current_schema()::regnamespace AND c."relkind" = 'r'
      AND pg_relation_size(c."oid") > ${SMALLEST_BYTES}
      AND (c."reltuples" < 0
        OR pg_relation_size(c."oid") > ${GROWN_BY}::float8 * c."relpages" * current_setting('block_size')::bigint)
    ORDER BY 1`
  const names = rows.map((row) => row.name)
  if (names.length) await prisma.$executeRawUnsafe(`ANALYZE ${quoted(names)}`)
  return names
}

/**
 * VACUUM where autovacuum would have run by now. Without one an updated or deleted row's old version stays in the
 * file for good: the kept pages are written again at every change of the site (rendered_pages, whose bodies are
 * the largest rows), view counts and sessions every few minutes, so an embedded site's files only grew. A vacuum
 * makes the dead rows' space free for new ones (and gives back empty pages at a file's end). As autovacuum does,
 * the dead rows counted (pg_stat_user_tables) are set against the rows the table had at its last VACUUM or ANALYZE
 * (`reltuples`, kept in the catalog). PGlite's counts start empty at every start, so only rows that died since
 * count: enough for what makes most of them, which happens within one run (a change of the site, or a new build,
 * writes every kept page again). Each table is its own statement, so the site's other queries are answered between
 * them. Returns the tables vacuumed.
 */
export async function vacuumDeadRows(prisma: PrismaClient): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ name: string }[]>`
    SELECT s."relname" AS "name"
    FROM "pg_stat_user_tables" s JOIN "pg_class" c ON c."oid" = s."relid"
    WHERE s."schemaname" = current_schema()
      AND s."n_dead_tup" > ${VACUUM_BASE} + ${VACUUM_SCALE}::float8 * greatest(c."reltuples", 0)
    ORDER BY 1`
  const names = rows.map((row) => row.name)
  for (const name of names) await prisma.$executeRawUnsafe(`VACUUM (ANALYZE) ${quoted([name])}`)
  return names
}
