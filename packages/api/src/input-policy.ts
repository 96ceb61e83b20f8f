import { z } from 'zod'

/**
 * The one input policy every procedure schema is built from (browser-safe: the web forms use it too).
 *
 * - Text: no NUL or other control characters (tab, newline and carriage return are fine). PostgreSQL cannot
 *   store NUL in text at all (error 22021), and control characters have no place in a title or a comment (nor in
 *   the RSS feed and sitemap, which they would make malformed XML). No lone UTF-16 surrogate either: it is not a
 *   character at all, cannot be written as UTF-8 and made the database refuse the whole write.
 * - Imported text (WordPress, Ghost, archives) passes the same policy through `cleanText`: what typed text would
 *   be refused for is removed, so an old export cannot bring in what the forms keep out.
 * - Ids and page numbers: whole numbers that fit the INTEGER columns they are compared with.
 * - Page sizes: asking for more than the maximum gets the maximum, never an error.
 */

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

/** The largest value of a PostgreSQL INTEGER (ids, page numbers). */
export const MAX_INT = 2_147_483_647

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value)
export const hasLoneSurrogates = (value: string): boolean => LONE_SURROGATE.test(value)

/**
 * Imported text under the policy: control characters removed, a lone surrogate replaced by U+FFFD (what a
 * decoder writes for a broken character). `changed` tells the import report that something was cleaned.
 */
export function cleanText(value: string): { value: string; changed: boolean } {
  if (!hasControlCharacters(value) && !hasLoneSurrogates(value)) return { value, changed: false }
  const clean = value
    .replace(new RegExp(CONTROL_CHARACTERS.source, 'g'), '')
    .replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD')
  return { value: clean, changed: true }
}

const withoutControlCharacters = (v: string) => !hasControlCharacters(v)
const wellFormed = (v: string) => !hasLoneSurrogates(v)

/** A text field under the policy; chain .trim()/.min()/.max() as usual. `label` names it in messages. */
export const text = (label = 'Text', options: { error?: string } = {}) =>
  z
    .string(options.error ? { error: options.error } : undefined)
    .refine(withoutControlCharacters, { message: `${label} must not contain control characters`, abort: true })
    .refine(wellFormed, {
      message: `${label} contains a broken character (a lone UTF-16 surrogate): send text as valid Unicode`,
      abort: true,
    })

/** A list's search box: trimmed, at most 200 characters; empty is no search (undefined). */
export const searchText = () =>
  text('Search')
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined)

/** Whether a string schema was built with `text()` (the test that walks every procedure's input asks). */
export const isPolicyText = (schema: z.ZodString): boolean =>
  [withoutControlCharacters, wellFormed].every((fn) =>
    schema._zod.def.checks?.some((check) => (check._zod.def as { fn?: unknown }).fn === fn),
  )

/** A database id (a positive INTEGER). */
export const id = (label = 'Id', options: { error?: string } = {}) =>
  z
    .number({ error: options.error ?? `${label} must be a number` })
    .int(options.error ?? `${label} must be a whole number`)
    .min(1, options.error ?? `${label} must be a positive number`)
    .max(MAX_INT, options.error ?? `${label} is out of range`)

/** A page number, 1-based; beyond the last page simply answers an empty page. */
export const pageNumber = () =>
  z
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(MAX_INT, 'Page is out of range')
    .default(1)

/** A page size: at least 1; anything above `max` is served as `max`. Add `.default(n)` or `.optional()`. */
export const pageSize = (max: number, label = 'Limit') =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .transform((v) => Math.min(v, max))

/**
 * Messages in the product's words for every check a schema left without its own message, so no answer ever
 * reads like zod's "Too big: expected number to be <=100". Installed once by the server's tRPC setup.
 */
export function installInputMessages(): void {
  z.config({
    customError: (issue) => {
      const field = issue.path?.length ? issue.path.join('.') : 'Input'
      switch (issue.code) {
        case 'invalid_type':
          return issue.input === undefined || issue.input === null
            ? `${field} is required`
            : `${field} must be ${issue.expected === 'array' ? 'a list' : issue.expected === 'object' ? 'an object' : `a ${issue.expected}`}`
        case 'too_big':
          return issue.origin === 'string'
            ? `${field} must be at most ${issue.maximum} characters`
            : issue.origin === 'array'
              ? `${field} must have at most ${issue.maximum} items`
              : `${field} must be at most ${issue.maximum}`
        case 'too_small':
          return issue.origin === 'string'
            ? `${field} must be at least ${issue.minimum} character${issue.minimum === 1 ? '' : 's'}`
            : issue.origin === 'array'
              ? `${field} must have at least ${issue.minimum} item${issue.minimum === 1 ? '' : 's'}`
              : `${field} must be at least ${issue.minimum}`
        case 'invalid_format':
          return `${field} is not a valid ${issue.format}`
        case 'invalid_value':
          return `${field} must be one of: ${issue.values.map(String).join(', ')}`
        case 'unrecognized_keys':
          return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`
        case 'invalid_union': {
          // A value that fits no shape of a union: the message of the shape whose type it had (e.g. the list of
          // keywords whose one item was refused) says more than "is invalid".
          const specific = issue.errors.flat().find((inner) => inner.code !== 'invalid_type' && inner.message)
          return specific?.message ?? `${field} is invalid`
        }
        case 'not_multiple_of':
          return `${field} must be a multiple of ${issue.divisor}`
        default:
          return `${field} is invalid`
      }
    },
  })
}
