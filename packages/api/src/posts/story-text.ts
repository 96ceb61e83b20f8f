// The rules about a story's text, in one place for the editor in the browser, the save path on the server, the
// importers (WordPress, Ghost) and the seed.

const WORDS_PER_MINUTE = 200
/** An excerpt generated from the content is its first 160 characters. */
export const EXCERPT_LENGTH = 160

const named: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
}

/** HTML character references to text (titles and excerpts are stored as plain text). */
export const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10)
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole
    }
    return named[ref.toLowerCase()] ?? whole
  })

/** Plain text of an HTML fragment: tags dropped, block ends as line breaks, references decoded. */
export const htmlToText = (html: string): string =>
  decodeEntities(
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
      .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|blockquote)>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n\s*/g, '\n\n')
    .trim()

/** The text on one line, for counting words and cutting excerpts. */
const flatText = (html: string): string => htmlToText(html).replace(/\s+/g, ' ')

/** Whether story HTML says anything: some text or an image (a story without either is refused as empty). */
export const hasStoryContent = (html: string): boolean => flatText(html) !== '' || /<img\b/i.test(html)

/** How many words the story's text has. */
export const wordCountOf = (html: string): number => flatText(html).split(' ').filter(Boolean).length

/** Minutes to read at 200 words a minute, at least one. */
export const readingTimeOf = (html: string): number => Math.max(1, Math.ceil(wordCountOf(html) / WORDS_PER_MINUTE))

/** The excerpt rule of docs/product.md ("Rules and limits"): strip tags, take the first 160 characters, append an ellipsis when exactly 160 were reached. */
export function excerptFromContent(html: string): string {
  const clipped = flatText(html).slice(0, EXCERPT_LENGTH)
  return clipped.length === EXCERPT_LENGTH ? `${clipped}...` : clipped
}
