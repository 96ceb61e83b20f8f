import { embedHtml, escapeHtml } from '../embeds'

export interface AttachmentInfo {
  url: string
  alt: string
  caption: string
  parentId: string
}

export interface ShortcodeContext {
  /** Attachments of the export by their post id (for [gallery ids="…"] and featured images). */
  attachments: Map<string, AttachmentInfo>
  /** The post's own id: a [gallery] without ids shows the attachments uploaded to the post. */
  postId: string
}

const attrPattern = /([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+))/g

function attributesOf(text: string): Record<string, string> {
  const attrs: Record<string, string> = {}
  for (const m of text.matchAll(attrPattern)) attrs[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? ''
  return attrs
}

function caption(attrs: Record<string, string>, inner: string): string {
  // [caption]<img …/> Text[/caption], or the text in the caption="" attribute (older exports).
  const media = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(inner)
  const body = media?.[1] ?? inner
  const text = (media?.[2] ?? '').trim() || attrs.caption || ''
  return `<figure>${body}${text ? `<figcaption>${text}</figcaption>` : ''}</figure>`
}

function gallery(attrs: Record<string, string>, context: ShortcodeContext): string {
  const ids = (attrs.ids ?? attrs.include ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
  const images = ids.length
    ? ids.flatMap((id) => context.attachments.get(id) ?? [])
    : [...context.attachments.values()].filter((a) => a.parentId === context.postId)
  if (!images.length) return ''
  const items = images.map((a) => `<img src="${escapeHtml(a.url)}" alt="${escapeHtml(a.alt || a.caption)}" />`).join('')
  return `<figure>${items}</figure>`
}

const media = (attrs: Record<string, string>, inner: string): string => {
  const url = attrs.src ?? attrs.mp4 ?? attrs.mp3 ?? attrs.url ?? inner.trim()
  return /^https?:\/\//i.test(url) ? embedHtml(url) : ''
}

/**
 * WordPress shortcodes turned into HTML: [caption], [gallery], [embed], [video], [audio], [youtube]. Unknown
 * shortcodes stay as they are (as text), and [[escaped]] ones lose one pair of brackets, as in WordPress.
 */
export function renderShortcodes(text: string, context: ShortcodeContext): string {
  const known = 'caption|wp_caption|gallery|embed|video|audio|youtube'
  const pattern = new RegExp(`(\\[?)\\[(${known})\\b([^\\]]*?)(?:/\\]|\\](?:([\\s\\S]*?)\\[/\\2\\])?)(\\]?)`, 'gi')
  return text.replace(
    pattern,
    (whole, open: string, name: string, attrText: string, inner: string | undefined, close: string) => {
      if (open === '[' && close === ']') return whole.slice(1, -1)
      const attrs = attributesOf(attrText)
      const body = inner ?? ''
      switch (name.toLowerCase()) {
        case 'caption':
        case 'wp_caption':
          return open + caption(attrs, body) + close
        case 'gallery':
          return open + gallery(attrs, context) + close
        case 'youtube': {
          const url = attrText.replace(/^=/, '').trim() || body.trim()
          return open + (/^https?:\/\//i.test(url) ? embedHtml(url) : whole) + close
        }
        default:
          return open + media(attrs, body) + close
      }
    },
  )
}

/** WordPress turns a URL alone on its line into an embed (oEmbed). */
export const autoEmbed = (text: string): string =>
  text.replace(/^[ \t]*(https?:\/\/[^\s<>"]+)[ \t]*$/gim, (_m, url: string) => embedHtml(url))
