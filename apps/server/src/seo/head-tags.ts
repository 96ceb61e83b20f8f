import { escapeHtml } from './render-head'

export interface SocialCard {
  type: 'website' | 'article'
  title: string
  description: string
  /** Absolute URL of the page. */
  url: string
  /** Absolute URL of the image to show, if any. */
  image?: string | undefined
  imageAlt?: string | undefined
  /** The owner's site name (site settings). */
  siteName: string
}

const meta = (attribute: 'name' | 'property', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`

/** Canonical link, Open Graph and Twitter card tags for one page, escaped. */
export function socialTags(card: SocialCard): string[] {
  return [
    `<link rel="canonical" href="${escapeHtml(card.url)}" />`,
    meta('property', 'og:site_name', card.siteName),
    meta('property', 'og:type', card.type),
    meta('property', 'og:title', card.title),
    meta('property', 'og:description', card.description),
    meta('property', 'og:url', card.url),
    ...(card.image ? [meta('property', 'og:image', card.image)] : []),
    ...(card.image && card.imageAlt ? [meta('property', 'og:image:alt', card.imageAlt)] : []),
    meta('name', 'twitter:card', card.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', card.title),
    meta('name', 'twitter:description', card.description),
    ...(card.image ? [meta('name', 'twitter:image', card.image)] : []),
  ]
}

/** A JSON-LD block; "<" is escaped so no value can close the script element. */
export const jsonLd = (data: Record<string, unknown>): string =>
  `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...data }).replace(/</g, '\\u003c')}</script>`

export const noIndex = '<meta name="robots" content="noindex" />'
