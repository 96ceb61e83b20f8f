/** WCAG 2 contrast arithmetic for the category colours the owner picks, so badges stay readable (AA, 4.5:1). */
type Rgb = [number, number, number]

const parseHex = (hex: string): Rgb | null => {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())
  if (!m) return null
  const digits = m[1]!.length === 3 ? [...m[1]!].map((d) => d + d).join('') : m[1]!
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb
}

const toHex = (rgb: Rgb): string => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`

const luminance = (rgb: Rgb): number => {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export const contrastRatio = (a: string, b: string): number => {
  const [x, y] = [parseHex(a), parseHex(b)]
  if (!x || !y) return 1
  const [l1, l2] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number]
  return (l1 + 0.05) / (l2 + 0.05)
}

/** `color` at `alpha` over white: what a translucent tint looks like on a white page. */
export const tintOnWhite = (color: string, alpha: number): string => {
  const rgb = parseHex(color)
  return rgb ? toHex(rgb.map((c) => 255 + (c - 255) * alpha) as Rgb) : '#ffffff'
}

/**
 * The category colour itself when it is readable on `background`, otherwise the same hue darkened just enough
 * to reach `minimum` (an orange #EA580C on its own tint becomes a burnt orange instead of failing AA).
 */
export function readableTextColor(color: string, background: string, minimum = 4.5): string {
  const rgb = parseHex(color)
  if (!rgb) return '#374151'
  for (let shade = 0; shade <= 1; shade += 0.02) {
    const candidate = toHex(rgb.map((c) => c * (1 - shade)) as Rgb)
    if (contrastRatio(candidate, background) >= minimum) return candidate
  }
  return '#000000'
}
