import sanitizeHtml from 'sanitize-html'

// Everything the editor can produce, plus the usual harmless prose tags. No scripts, styles, event
// handlers, iframes or javascript: URLs survive.
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'br',
    'hr',
    'img',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
}

// The parser reads everything after these tags as their raw text, and the sanitiser then drops that text.
const RAW_TEXT_TAGS = ['script', 'style', 'textarea', 'option', 'noscript']

/**
 * Whole raw-text elements go (with their content); an opening tag that is never closed loses only the tag, so
 * an unclosed `<style>` cannot silently swallow the rest of the post.
 */
function dropRawTextElements(html: string): string {
  let result = html
  for (const tag of RAW_TEXT_TAGS) {
    result = result.replace(new RegExp(`<${tag}\\b[^>]*>[\\s\\S]*?<\\/${tag}\\s*>`, 'gi'), '')
    result = result.replace(new RegExp(`<${tag}\\b[^>]*>`, 'gi'), '')
  }
  return result
}

/** Rich post HTML reduced to the allowlist; applied to every write of a post's content (sanitized-writes.ts). */
export const sanitizePostHtml = (html: string): string => sanitizeHtml(dropRawTextElements(html), options)
