const plurals = new Intl.PluralRules('en-US')

/** "1 view", "2 views", "1.5K views": the count as given, the noun in the form English needs for it. */
export function counted(count: number, shown: string, one: string, other: string): string {
  return `${shown} ${plurals.select(count) === 'one' ? one : other}`
}

const grouped = new Intl.NumberFormat('en-US')

/** Numbers in the admin read the same everywhere: digit groups (53,230), never abbreviated. */
export const adminNumber = (n: number): string => grouped.format(n)

/** "1 country", "1,204 places": a whole count with its digit groups and the noun in the right form. */
export const plural = (n: number, one: string, other: string): string => counted(n, grouped.format(n), one, other)
