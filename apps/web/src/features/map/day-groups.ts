/** A trip day's marker where it lands on screen. */
export interface PlacedDay<T> {
  item: T
  left: number
  top: number
}

/**
 * Days whose markers would sit on top of one another at this zoom share one marker. A 28 px marker needs its
 * neighbours at least `minPx` away (WCAG's 24 px target spacing, plus its border), else neither can be hit or
 * read. Greedy in day order: each day joins the first group whose marker is too close, else starts one; the group
 * stays where its first day is.
 */
export function groupOverlappingDays<T>(days: PlacedDay<T>[], minPx = 30): PlacedDay<T>[][] {
  const groups: PlacedDay<T>[][] = []
  for (const day of days) {
    const near = groups.find(([first]) => first && Math.hypot(first.left - day.left, first.top - day.top) < minPx)
    if (near) near.push(day)
    else groups.push([day])
  }
  return groups
}

/** The text on a shared marker: "3", "3, 4", "3–5" for a run of days, "3+" when they are far apart in time. */
export function dayGroupText(days: number[]): string {
  const [first] = days
  const last = days.at(-1)
  if (first === undefined || last === undefined) return ''
  if (days.length === 1) return String(first)
  if (days.length === 2) return `${first}, ${last}`
  return last - first === days.length - 1 ? `${first}–${last}` : `${first}+`
}
