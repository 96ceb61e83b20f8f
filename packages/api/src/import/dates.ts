/**
 * Dates as old sites write them: ISO 8601, WordPress's "2019-05-14 10:00:00" (UTC when it comes from a *_gmt
 * field), RFC 822 (RSS pubDate) and epoch milliseconds. WordPress writes "0000-00-00 00:00:00" for "none".
 */
export function parseOldDate(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? validDate(new Date(value)) : null
  const text = value.trim()
  if (!text || /^0000-00-00/.test(text)) return null
  if (/^\d{12,14}$/.test(text)) return validDate(new Date(Number(text)))
  const wordpress = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text)
  if (wordpress) {
    const [, y, mo, d, h, mi, s] = wordpress.map(Number) as number[]
    return validDate(new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s ?? 0)))
  }
  if (/^\d{4}-\d{1,2}-\d{1,2}$/.test(text)) return validDate(new Date(`${text}T00:00:00Z`))
  const parsed = new Date(text)
  return validDate(parsed)
}

// Year 1000..9999 only: anything else is a misread, not a real publication date.
const validDate = (date: Date): Date | null => {
  const year = date.getUTCFullYear()
  return Number.isNaN(date.getTime()) || year < 1000 || year > 9999 ? null : date
}
