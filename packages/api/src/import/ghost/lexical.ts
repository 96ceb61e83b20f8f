import { embedHtml, escapeHtml } from '../embeds'

/** A node of Ghost's Lexical document (only the fields the renderer reads). */
interface LexicalNode {
  type?: string
  children?: LexicalNode[]
  text?: string
  format?: number | string
  tag?: string
  listType?: string
  url?: string
  src?: string
  alt?: string
  caption?: string
  html?: string
  markdown?: string
  code?: string
  images?: { src?: string; alt?: string; caption?: string }[]
  calloutText?: string
  heading?: string
  content?: string
  buttonText?: string
  buttonUrl?: string
  metadata?: { title?: string }
}

const FORMATS: [number, string][] = [
  [16, 'code'],
  [8, 'u'],
  [4, 's'],
  [2, 'em'],
  [1, 'strong'],
]

const attr = (value: string | undefined): string => escapeHtml(value ?? '')

function text(node: LexicalNode): string {
  let html = escapeHtml(node.text ?? '')
  const format = typeof node.format === 'number' ? node.format : 0
  for (const [bit, tag] of FORMATS) if (format & bit) html = `<${tag}>${html}</${tag}>`
  return html
}

const figure = (body: string, caption?: string): string =>
  `<figure>${body}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`

/**
 * Ghost's Lexical documents (posts without `html` in the export) rendered to HTML card by card. Cards the
 * renderer does not know are left out and named in `unknown`.
 */
export function renderLexical(json: string, unknown: Set<string>): string {
  const doc = JSON.parse(json) as { root?: LexicalNode }
  const render = (node: LexicalNode): string => {
    const inner = () => (node.children ?? []).map(render).join('')
    switch (node.type) {
      case 'root':
        return (node.children ?? []).map(render).join('\n')
      case 'paragraph':
        return `<p>${inner()}</p>`
      case 'heading':
      case 'extended-heading': {
        const tag = /^h[1-6]$/.test(node.tag ?? '') ? node.tag! : 'h2'
        return `<${tag}>${inner()}</${tag}>`
      }
      case 'text':
      case 'extended-text':
        return text(node)
      case 'linebreak':
        return '<br />'
      case 'link':
      case 'autolink':
        return `<a href="${attr(node.url)}">${inner()}</a>`
      case 'list': {
        const tag = node.listType === 'number' ? 'ol' : 'ul'
        return `<${tag}>${inner()}</${tag}>`
      }
      case 'listitem':
        return `<li>${inner()}</li>`
      case 'quote':
      case 'extended-quote':
      case 'aside':
        return `<blockquote>${inner()}</blockquote>`
      case 'horizontalrule':
        return '<hr />'
      case 'image':
        return figure(`<img src="${attr(node.src)}" alt="${attr(node.alt)}" />`, node.caption)
      case 'gallery':
        return figure(
          (node.images ?? []).map((i) => `<img src="${attr(i.src)}" alt="${attr(i.alt)}" />`).join(''),
          node.caption,
        )
      case 'html':
        return node.html ?? ''
      case 'markdown':
        return (node.markdown ?? '')
          .split(/\n\s*\n/)
          .map((p) => `<p>${escapeHtml(p.trim())}</p>`)
          .join('\n')
      case 'embed':
        return node.url ? embedHtml(node.url) : (node.html ?? '')
      case 'bookmark':
        return `<p><a href="${attr(node.url)}">${escapeHtml(node.metadata?.title || node.url || '')}</a></p>`
      case 'codeblock':
        return `<pre><code>${escapeHtml(node.code ?? '')}</code></pre>`
      case 'callout':
        return `<blockquote>${node.calloutText ?? ''}</blockquote>`
      case 'toggle':
        return `<h3>${node.heading ?? ''}</h3>${node.content ?? ''}`
      case 'button':
        return `<p><a href="${attr(node.buttonUrl)}">${escapeHtml(node.buttonText ?? node.buttonUrl ?? '')}</a></p>`
      case 'video':
      case 'audio':
      case 'file':
        return node.src ? `<p><a href="${attr(node.src)}">${escapeHtml(node.src)}</a></p>` : ''
      default:
        if (node.children) return inner()
        unknown.add(node.type ?? 'unnamed')
        return ''
    }
  }
  return doc.root ? render({ ...doc.root, type: 'root' }) : ''
}
