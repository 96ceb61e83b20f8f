import type { PrismaClient } from './generated/prisma/client'

/** Tables smaller than this are left alone: the planner's guesses cost little there. */
const SMALLEST_BYTES = 64 * 1024
/** Growth since the last ANALYZE after which a table's statistics are made again (autovacuum's default is 10 %). */
const GROWN_BY = 1.2

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
  if (names.length)
    await prisma.$executeRawUnsafe(`ANALYZE ${names.map((n) => `"${n.replace(/"/g, '""')}"`).join(', ')}`)
  return names
}
