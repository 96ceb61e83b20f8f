const plurals = new Intl.PluralRules('en-US')

/** "1 view", "2 views", "1.5K views": the count as given, the noun in the form English needs for it. */
export function counted(count: number, shown: string, one: string, other: string): string {
  return `${shown} ${plurals.select(count) === 'one' ? one : other}`
}

const grouped = new Intl.NumberFormat('en-US')

/** Numbers in the admin read the same everywhere: digit groups (53,230), never abbreviated. */
export const adminNumber = (n: number): string => grouped.format(n)
