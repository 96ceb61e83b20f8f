import sharp from 'sharp'

/** Palettes for generated landscape photos: sky top, sky bottom, sun, three ridges (far → near), water. */
const palettes = [
  ['#1e3a8a', '#f97316', '#fde68a', '#7c2d12', '#431407', '#1c0a00', '#0c4a6e'],
  ['#0ea5e9', '#e0f2fe', '#fffbeb', '#64748b', '#334155', '#1e293b', '#0369a1'],
  ['#f59e0b', '#fef3c7', '#fff7ed', '#d97706', '#b45309', '#78350f', '#b45309'],
  ['#14532d', '#bbf7d0', '#f0fdf4', '#15803d', '#166534', '#052e16', '#065f46'],
  ['#312e81', '#c4b5fd', '#f5f3ff', '#4c1d95', '#2e1065', '#1e1b4b', '#3730a3'],
  ['#0f172a', '#334155', '#e2e8f0', '#1e293b', '#0f172a', '#020617', '#1e3a8a'],
  ['#be123c', '#fecdd3', '#fff1f2', '#9f1239', '#881337', '#4c0519', '#9d174d'],
  ['#0891b2', '#a5f3fc', '#ecfeff', '#0e7490', '#155e75', '#164e63', '#0e7490'],
] as const

// A tiny deterministic PRNG so the same seed always draws the same picture.
function random(seed: number) {
  let s = seed * 9301 + 49297
  return () => {
    s = (s * 9301 + 49297) % 233280
    return s / 233280
  }
}

function ridge(rand: () => number, width: number, base: number, amplitude: number): string {
  const points: string[] = [`0,${base}`]
  const steps = 8 + Math.floor(rand() * 6)
  for (let i = 0; i <= steps; i++) {
    const x = Math.round((i / steps) * width)
    const y = Math.round(base - rand() * amplitude)
    points.push(`${x},${y}`)
  }
  return `M${points.join(' L')} L${width},${base} L${width},2000 L0,2000 Z`
}

/** A JPEG landscape (mountains, sun, optional water) drawn from an SVG: demo photos with no download. */
export async function renderLandscape(index: number, width = 1600, height = 1067): Promise<Buffer> {
  const rand = random(index + 1)
  const [skyTop, skyBottom, sun, far, mid, near, water] = palettes[index % palettes.length]!
  const horizon = height * (0.55 + rand() * 0.15)
  const sunX = width * (0.2 + rand() * 0.6)
  const sunY = horizon * (0.35 + rand() * 0.3)
  const hasWater = index % 3 !== 1
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${sun}" stop-opacity="0"/></radialGradient>
    <linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${water}" stop-opacity="0.85"/><stop offset="1" stop-color="${near}"/></linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${sunY}" r="${height * 0.25}" fill="url(#glow)"/>
  <circle cx="${sunX}" cy="${sunY}" r="${height * 0.06}" fill="${sun}"/>
  <path d="${ridge(rand, width, horizon, height * 0.35)}" fill="${far}" opacity="0.75"/>
  <path d="${ridge(rand, width, horizon + height * 0.08, height * 0.25)}" fill="${mid}" opacity="0.9"/>
  ${hasWater ? `<rect x="0" y="${horizon + height * 0.12}" width="${width}" height="${height}" fill="url(#water)"/>` : ''}
  <path d="${ridge(rand, width, height * 0.98, height * 0.18)}" fill="${near}"/>
</svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer()
}
