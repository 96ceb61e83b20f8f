import { formatDate } from '../../lib/dates'

/** A story's date as every public page writes it: 'Nov 24, 2026'. */
export const formatPostDate = (iso: string): string => formatDate(iso)

const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toFixed(1).replace(/\.0$/, '')

/** View counts shortened on public pages: K above 1,000 and M above 1,000,000, one decimal (1500 → "1.5K", 2000000 → "2M"). */
export function formatViews(count: number): string {
  if (count > 1_000_000) return `${oneDecimal(count / 1_000_000)}M`
  if (count > 1_000) return `${oneDecimal(count / 1_000)}K`
  return String(count)
}
