import { countryNameTable } from './countries'

const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`

// Accented letters PostgreSQL's lower() may not touch (C locale), folded the way normalizeName folds them.
const ACCENTED = 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ’‘`'
const PLAIN = "AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyy'''"

/** The SQL expression that normalises a location text like normalizeName (for the names in the table). */
const normalizedSql = (column: string) =>
  `lower(btrim(regexp_replace(translate(${column}, ${sqlString(ACCENTED)}, ${sqlString(PLAIN)}), '\\s+', ' ', 'g')))`

/**
 * The SQL that gives existing stories and photos a country code from their location texts (migration
 * `places`): a table of every name i18n-iso-countries knows (plus our aliases), normalised, matched against
 * the normalised text: a story's country, a photo's location after its last comma. A test keeps the
 * migration equal to this.
 */
export function countryBackfillSql(): string {
  const values = [...countryNameTable()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, code]) => `  (${sqlString(name)}, ${sqlString(code)})`)
  return [
    '-- Backfill: country codes from the existing location texts (generated from i18n-iso-countries)',
    'CREATE TEMPORARY TABLE "country_names" ("name" TEXT PRIMARY KEY, "code" VARCHAR(2) NOT NULL);',
    '',
    'INSERT INTO "country_names" ("name", "code") VALUES',
    `${values.join(',\n')};`,
    '',
    'UPDATE "posts" SET "country_code" = "country_names"."code" FROM "country_names"',
    `WHERE "posts"."country_code" IS NULL AND "country_names"."name" = ${normalizedSql('"posts"."location_country"')};`,
    '',
    'UPDATE "gallery_images" SET "country_code" = "country_names"."code" FROM "country_names"',
    `WHERE "gallery_images"."country_code" IS NULL AND "country_names"."name" = ${normalizedSql(`regexp_replace("gallery_images"."location", '^.*,', '')`)};`,
    '',
    'DROP TABLE "country_names";',
    '',
  ].join('\n')
}
