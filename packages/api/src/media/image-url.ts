/**
 * Where a shown image may come from: a path on this site (/media/…, never the protocol-relative //host) or an
 * absolute http(s) address, e.g. at the image host. Anything else (javascript:, data:) could run script in an
 * img src or an og:image. One rule for what is saved (posts, gallery) and what is served.
 */
export function isSafeImageUrl(url: string): boolean {
  if (/\s/.test(url)) return false
  if (/^\/(?!\/)/.test(url)) return true
  return URL.canParse(url) && ['http:', 'https:'].includes(new URL(url).protocol)
}
