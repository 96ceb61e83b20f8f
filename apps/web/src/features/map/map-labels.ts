/** A country as drawn in the view: its name, where its label would sit and the box it fills on screen. */
export interface LabelCandidate {
  name: string
  /** The centre of the part of the country in view, in screen pixels. */
  at: [number, number]
  /** [[left, top], [right, bottom]] of the country in view, in screen pixels. */
  bounds: [[number, number], [number, number]]
}

export interface PlacedLabel {
  name: string
  x: number
  y: number
}

/** The labels' type size in CSS pixels, and about how wide one character of it is (a sans-serif average). */
export const LABEL_FONT_PX = 12
const CHAR_PX = 6.6
const LINE_PX = 16

/**
 * Which countries get their name written: those whose shape in view is wide and tall enough for it, largest first,
 * none over another. At the world's zoom only the large countries are named; closer in, the smaller ones.
 */
export function placeLabels(candidates: readonly LabelCandidate[]): PlacedLabel[] {
  const sized = candidates
    .map((c) => {
      const [[left, top], [right, bottom]] = c.bounds
      return { ...c, width: right - left, height: bottom - top, text: c.name.length * CHAR_PX }
    })
    .filter((c) => Number.isFinite(c.at[0]) && c.text <= c.width * 0.8 && c.height >= LINE_PX * 1.5)
    .sort((a, b) => b.width * b.height - a.width * a.height)
  const taken: { left: number; right: number; top: number; bottom: number }[] = []
  const placed: PlacedLabel[] = []
  for (const c of sized) {
    const box = {
      left: c.at[0] - c.text / 2,
      right: c.at[0] + c.text / 2,
      top: c.at[1] - LINE_PX / 2,
      bottom: c.at[1] + LINE_PX / 2,
    }
    if (taken.some((t) => box.left < t.right && t.left < box.right && box.top < t.bottom && t.top < box.bottom))
      continue
    taken.push(box)
    placed.push({ name: c.name, x: c.at[0], y: c.at[1] })
  }
  return placed
}
