const escapeAttr = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
export const escapeHtml = escapeAttr

/** The YouTube video id of a watch, share, shorts or embed URL. */
export function youTubeId(url: string): string | null {
  const match =
    /^https?:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{11})/i.exec(
      url,
    )
  return match?.[1] ?? null
}

/**
 * An oEmbed-style embed as HTML the sanitiser keeps (it removes iframes): a YouTube video becomes its poster
 * frame linking to the video; anything else a link to the page.
 */
export function embedHtml(url: string): string {
  const href = escapeAttr(url)
  const video = youTubeId(url)
  if (video) {
    return `<figure><a href="${href}"><img src="https://img.youtube.com/vi/${video}/hqdefault.jpg" alt="Watch the video on YouTube" /></a><figcaption><a href="${href}">Watch on YouTube</a></figcaption></figure>`
  }
  return `<p><a href="${href}">${escapeHtml(url)}</a></p>`
}

/** <iframe src="…"> players (YouTube, Vimeo, maps…) become embeds the sanitiser keeps, instead of vanishing. */
export const replaceIframes = (html: string): string =>
  html.replace(/<iframe\b[^>]*?\bsrc\s*=\s*["']([^"']+)["'][^>]*>[\s\S]*?<\/iframe>/gi, (_m, src: string) => {
    const url = src.startsWith('//') ? `https:${src}` : src
    const video = youTubeId(url)
    return /^https?:\/\//i.test(url) ? embedHtml(video ? `https://www.youtube.com/watch?v=${video}` : url) : ''
  })

/** Does the HTML carry things the sanitiser will remove (scripts, handlers, javascript: links)? */
export const hasUnsafeMarkup = (html: string): boolean => /<script\b|<style\b|\son[a-z]+\s*=|javascript:/i.test(html)

/** Links to the old site's pages become site-relative, so the recorded redirects answer them; files are left alone. */
export function relinkOldSite(html: string, siteUrl: string): string {
  if (!siteUrl || !URL.canParse(siteUrl)) return html
  const origin = new URL(siteUrl).origin
  const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return html.replace(new RegExp(`href="${escaped}(/[^"]*)?"`, 'gi'), (whole, path: string | undefined) =>
    /\.[a-z0-9]{2,5}(?:[?#]|$)/i.test(path ?? '') ? whole : `href="${path || '/'}"`,
  )
}
