// Browser-safe: the gallery manager and the server share the prompt and the cleaning of Gemini's answer.

export const galleryAiStyles = ['playful', 'romantic', 'adventurous', 'storyteller'] as const
export type GalleryAiStyle = (typeof galleryAiStyles)[number]

export const pickGalleryAiStyle = (random = Math.random): GalleryAiStyle =>
  galleryAiStyles[Math.floor(random() * galleryAiStyles.length)] ?? 'storyteller'

export interface GalleryAiMetadata {
  title: string
  caption: string
  location: string
  tags: string[]
}

// The cleaned metadata's limits (docs/product.md, "Rules and limits").
export const galleryAiLimits = { title: 60, caption: 160, location: 60, minTags: 3, maxTags: 6 } as const
const MAX_TAG_LENGTH = 24
const FALLBACK_TAGS = ['travel', 'photography', 'adventure', 'wanderlust']
const STOP_WORDS = new Set([
  'the',
  'and',
  'with',
  'from',
  'over',
  'into',
  'under',
  'this',
  'that',
  'your',
  'our',
  'for',
  'at',
  'in',
  'on',
  'of',
  'a',
  'an',
  'to',
  'by',
])

/** The request for one photo: JSON only, in the given voice, with what the owner already wrote as hints. */
export function galleryMetadataPrompt(
  style: GalleryAiStyle,
  known: Partial<GalleryAiMetadata> & { filename?: string },
): string {
  const hints = [
    known.title ? `Current title: ${known.title}` : '',
    known.location ? `Known location: ${known.location}` : '',
    known.caption ? `Current caption: ${known.caption}` : '',
    known.tags?.length ? `Current tags: ${known.tags.join(', ')}` : '',
    known.filename ? `File name: ${known.filename}` : '',
  ].filter(Boolean)
  return [
    `Write metadata for this travel photo in a ${style} style.`,
    'Reply with only a JSON object, no markdown, of the form',
    '{"title": "...", "caption": "...", "location": "...", "tags": ["...", "..."]}.',
    `The title is at most ${galleryAiLimits.title} characters, the caption at most ${galleryAiLimits.caption} characters,`,
    `the location is "City, Country" (at most ${galleryAiLimits.location} characters, empty if you cannot tell),`,
    `and tags are ${galleryAiLimits.minTags} to ${galleryAiLimits.maxTags} short lowercase keywords without '#'.`,
    ...(hints.length ? ['', ...hints] : []),
  ].join('\n')
}

/**
 * Turns whatever the model answered into clean metadata: JSON when it parses (inside code fences or
 * surrounded by chatter too), otherwise the first line is the title and the rest the caption. Markup and markdown
 * are removed, lengths capped, and tags become 3–6 short lowercase keywords without '#'.
 */
export function cleanGalleryMetadata(answer: string): GalleryAiMetadata {
  const parsed = parseJsonObject(answer)
  if (parsed) {
    const title = plainText(stringField(parsed, 'title'))
    const caption = plainText(stringField(parsed, 'caption') || stringField(parsed, 'description'))
    const location = plainText(stringField(parsed, 'location'))
    const rawTags = parsed.tags ?? parsed.keywords
    const tags = Array.isArray(rawTags)
      ? rawTags.filter((t): t is string => typeof t === 'string')
      : typeof rawTags === 'string'
        ? rawTags.split(/[,\n]/)
        : []
    return finish({ title, caption, location, tags })
  }

  const text = stripFences(answer)
  const hashtags = [...text.matchAll(/(?:^|\s)#([\p{L}\p{N}_-]+)/gu)].map((m) => m[1] ?? '')
  const withoutHashtags = text.replace(/(?:^|\s)#[\p{L}\p{N}_-]+/gu, ' ')
  const lines = withoutHashtags
    .split(/\r?\n/)
    .map((line) =>
      // Labels ("Title:") and the debris of half-written JSON are not part of the text.
      plainText(
        plainText(line)
          .replace(/^[{}\s]+|[{},\s]+$/g, '')
          .replace(/^"?(title|caption|location|tags)"?\s*:\s*/i, ''),
      ),
    )
    .filter(Boolean)
  const [first = '', ...rest] = lines
  return finish({ title: first, caption: rest.join(' '), location: '', tags: hashtags })
}

function finish(raw: GalleryAiMetadata): GalleryAiMetadata {
  const title = clip(raw.title, galleryAiLimits.title)
  const caption = clip(raw.caption, galleryAiLimits.caption)
  const location = clip(raw.location, galleryAiLimits.location)
  return { title, caption, location, tags: cleanTags(raw.tags, `${title} ${location}`) }
}

function cleanTags(raw: string[], fillFrom: string): string[] {
  const tags: string[] = []
  const add = (candidate: string) => {
    const tag = candidate
      .toLowerCase()
      .replace(/[#*_`~"'[\]()<>]/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .replace(/[^\p{L}\p{N}-]/gu, '')
      .replace(/^-+|-+$/g, '')
    if (tag && tag.length <= MAX_TAG_LENGTH && !tags.includes(tag) && tags.length < galleryAiLimits.maxTags)
      tags.push(tag)
  }
  raw.forEach(add)
  for (const word of fillFrom.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (tags.length >= galleryAiLimits.minTags) break
    if (word.length > 2 && !STOP_WORDS.has(word)) add(word)
  }
  for (const word of FALLBACK_TAGS) {
    if (tags.length >= galleryAiLimits.minTags) break
    add(word)
  }
  return tags
}

function parseJsonObject(answer: string): Record<string, unknown> | undefined {
  const text = stripFences(answer)
  const start = text.indexOf('{')
  const end = text.lastIndexOf('}')
  if (start < 0 || end <= start) return undefined
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1))
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

const stripFences = (text: string) =>
  text
    .replace(/```[a-z]*\s*/gi, '')
    .replace(/```/g, '')
    .trim()

const stringField = (object: Record<string, unknown>, key: string): string => {
  const value = object[key]
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
}

/** Removes HTML tags, markdown emphasis/headings/links/quotes and stray quotes; collapses whitespace. */
export function plainText(value: string): string {
  return value
    .replace(/<[^>]*>/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`~#]/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'“”‘’]+|["'“”‘’]+$/g, '')
    .trim()
}

/** Cuts at the last word boundary that fits (a hard cut when one word is too long), dropping dangling punctuation. */
function clip(value: string, max: number): string {
  if (value.length <= max) return value
  const cut = value.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return (space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:–—-]+$/, '')
}
