import { z } from 'zod/mini'

// The URL's search parameters, read by the route definitions. Those load on every page, so they use zod/mini
// (a few KB) instead of the full zod that forms and the admin use. A value the URL gets wrong is dropped or
// falls back to its default; it never fails the page.

/** An optional text value: trimmed, 1 to `max` characters. */
export const optionalText = (max: number) =>
  z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(max))), undefined)

/** An optional number from `min` to `max` (whole when `whole` is set). */
export const optionalNumber = (min: number, max: number, whole = false) =>
  z.catch(z.optional(z.coerce.number().check(z.gte(min), z.lte(max), ...(whole ? [z.multipleOf(1)] : []))), undefined)

/** A page number, 1 when absent or wrong. */
export const pageParam = z._default(z.catch(z.coerce.number().check(z.gte(1), z.multipleOf(1)), 1), 1)

/** One of `values`, `fallback` when absent or wrong. */
export const choiceParam = <const Values extends readonly [string, ...string[]]>(
  values: Values,
  fallback: Values[number],
) => z._default(z.catch(z.enum(values), fallback), fallback)

/** A moderation list's place in the URL (/admin/comments?status=pending&page=2): a status filter, 'all' by default, and the page. */
export const statusPageParams = <const Statuses extends readonly ['all', ...string[]]>(statuses: Statuses) =>
  z.object({ status: choiceParam(statuses, 'all'), page: pageParam })

/** One of `values`, or nothing. */
export const optionalChoice = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.catch(z.optional(z.enum(values)), undefined)

export { z }
