const safeDecode = (text: string): string => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

// Whitespace, control characters and backslashes have no business in a path, and browsers read "\" as "/".
const hasUnsafeCharacter = (text: string): boolean =>
  /[\s\\]/.test(text) || [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)

/**
 * The stored form of an old address: site-relative, percent-decoded, no trailing slash, the query kept
 * ("/2019/05/slug/" → "/2019/05/slug", "/?p=123" stays). Null when it is not a site-relative path.
 */
export function normalizeFromPath(input: string): string | null {
  const value = input.trim()
  if (!value.startsWith('/') || value.startsWith('//') || value.length > 1000) return null
  const q = value.indexOf('?')
  const path = safeDecode(q === -1 ? value : value.slice(0, q)).replace(/\/+$/, '') || '/'
  const query = q === -1 ? '' : value.slice(q + 1)
  if (hasUnsafeCharacter(path) || path.startsWith('//')) return null
  return query ? `${path}?${query}` : path
}

/**
 * A redirect may only lead to a page of this site: a path that starts with one "/" and that a browser cannot
 * read as another host ("//evil.example", "/\evil.example", "https://…", "javascript:" are all refused).
 */
export function isSiteTarget(target: string): boolean {
  if (!target.startsWith('/') || target.startsWith('//') || hasUnsafeCharacter(target) || target.length > 1000)
    return false
  const base = 'http://wayfarer.invalid'
  try {
    return new URL(target, base).origin === base
  } catch {
    return false
  }
}

/**
 * A site target as it goes into a Location header: percent-encoded the way a browser would send it ("/日本" →
 * "/%E6%97%A5%E6%9C%AC"), escapes already there kept. A header carries bytes, not text: Node refuses anything
 * beyond Latin-1.
 */
export function siteLocation(target: string): string {
  const url = new URL(target, 'http://wayfarer.invalid')
  return `${url.pathname}${url.search}${url.hash}`
}

/** The path (with query) of an old absolute address on the old site, or of a relative one; null when elsewhere. */
export function oldPathOf(url: string, siteUrl: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return normalizeFromPath(url)
  if (!URL.canParse(url)) return null
  const parsed = new URL(url)
  if (siteUrl && URL.canParse(siteUrl) && new URL(siteUrl).host.toLowerCase() !== parsed.host.toLowerCase()) return null
  return normalizeFromPath(`${parsed.pathname}${parsed.search}`)
}

/** The addresses an incoming request may have been stored under, most specific first. */
export function lookupKeys(url: string): { withQuery: string[]; path: string | null } {
  const q = url.indexOf('?')
  const path = normalizeFromPath(q === -1 ? url : url.slice(0, q))
  if (q === -1 || !path) return { withQuery: [], path }
  const params = new URLSearchParams(url.slice(q + 1))
  const keys = [normalizeFromPath(url)]
  // WordPress short links: /?p=123 and /?page_id=45, whatever else the query carries.
  for (const name of ['p', 'page_id']) {
    const value = params.get(name)
    if (value && /^\d+$/.test(value)) keys.push(`${path}?${name}=${value}`)
  }
  return { withQuery: [...new Set(keys.filter((k): k is string => k !== null))], path }
}
