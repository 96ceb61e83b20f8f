import type { Descendant } from 'slate'
import type {
  EditorDocument,
  FormattedText,
  InlineNode,
  ListElement,
  ListType,
  TextBlock,
  TextBlockType,
} from './slate-types'

const blockTags: Record<TextBlockType, string> = {
  paragraph: 'p',
  'heading-one': 'h1',
  'heading-two': 'h2',
  'heading-three': 'h3',
  'block-quote': 'blockquote',
  'list-item': 'li',
}
const listTags: Record<ListType, string> = { 'bulleted-list': 'ul', 'numbered-list': 'ol' }

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;')

function serializeText(leaf: FormattedText): string {
  let html = escapeText(leaf.text).replace(/\n/g, '<br>')
  if (!html) return ''
  if (leaf.italic) html = `<em>${html}</em>`
  if (leaf.bold) html = `<strong>${html}</strong>`
  return html
}

function serializeInline(node: InlineNode): string {
  if (!('type' in node)) return serializeText(node)
  if (node.type === 'image') return `<img src="${escapeAttr(node.url)}" alt="${escapeAttr(node.alt)}">`
  return `<a href="${escapeAttr(node.url)}">${node.children.map(serializeText).join('')}</a>`
}

const isList = (block: TextBlock | ListElement): block is ListElement => block.type in listTags

function serializeBlock(block: TextBlock | ListElement): string {
  if (isList(block)) {
    const tag = listTags[block.type]
    return `<${tag}>${block.children.map(serializeBlock).join('')}</${tag}>`
  }
  const tag = blockTags[block.type]
  return `<${tag}>${block.children.map(serializeInline).join('')}</${tag}>`
}

/** The HTML stored for a post: one tag per toolbar feature, nothing else. */
export function serializeDocument(value: Descendant[]): string {
  return (value as EditorDocument).map(serializeBlock).join('')
}

const emptyParagraph = (): TextBlock => ({ type: 'paragraph', children: [{ text: '' }] })

const tagBlocks: Record<string, TextBlockType> = {
  P: 'paragraph',
  H1: 'heading-one',
  H2: 'heading-two',
  H3: 'heading-three',
  H4: 'heading-three',
  H5: 'heading-three',
  H6: 'heading-three',
  BLOCKQUOTE: 'block-quote',
  LI: 'list-item',
  PRE: 'paragraph',
  FIGURE: 'paragraph',
}
const tagLists: Record<string, ListType> = { UL: 'bulleted-list', OL: 'numbered-list' }

type Marks = Omit<FormattedText, 'text'>

/** The inline content of an element; nested blocks (e.g. <p> inside <blockquote>) are flattened with line breaks. */
function inlinesOf(node: Node, marks: Marks): InlineNode[] {
  const out: InlineNode[] = []
  node.childNodes.forEach((child) => {
    if (child.nodeType === 3) {
      const text = child.textContent ?? ''
      if (text) out.push({ text, ...marks })
      return
    }
    if (child.nodeType !== 1) return
    const el = child as Element
    const tag = el.tagName.toUpperCase()
    if (tag === 'BR') out.push({ text: '\n', ...marks })
    else if (tag === 'IMG')
      out.push({
        type: 'image',
        url: el.getAttribute('src') ?? '',
        alt: el.getAttribute('alt') ?? '',
        children: [{ text: '' }],
      })
    else if (tag === 'A') {
      const children = inlinesOf(el, marks).filter((n): n is FormattedText => !('type' in n))
      out.push({
        type: 'link',
        url: el.getAttribute('href') ?? '',
        children: children.length ? children : [{ text: '' }],
      })
    } else if (tag === 'STRONG' || tag === 'B') out.push(...inlinesOf(el, { ...marks, bold: true }))
    else if (tag === 'EM' || tag === 'I') out.push(...inlinesOf(el, { ...marks, italic: true }))
    else {
      if ((tagBlocks[tag] || tagLists[tag]) && out.length) out.push({ text: '\n', ...marks })
      out.push(...inlinesOf(el, marks))
    }
  })
  return out
}

const textBlock = (type: TextBlockType, el: Node): TextBlock => {
  const children = inlinesOf(el, {})
  return { type, children: children.length ? children : [{ text: '' }] }
}

/** Top-level blocks of a container; loose inline content is gathered into paragraphs. */
function blocksOf(container: Node): EditorDocument {
  const blocks: EditorDocument = []
  let loose: Node[] = []
  const flush = () => {
    if (!loose.length) return
    const holder = container.ownerDocument!.createElement('p')
    loose.forEach((n) => holder.appendChild(n.cloneNode(true)))
    if (holder.textContent?.trim() || holder.querySelector('img')) blocks.push(textBlock('paragraph', holder))
    loose = []
  }
  container.childNodes.forEach((child) => {
    const tag = child.nodeType === 1 ? (child as Element).tagName.toUpperCase() : ''
    const listType = tagLists[tag]
    const blockType = tagBlocks[tag]
    if (listType) {
      flush()
      const items: TextBlock[] = []
      child.childNodes.forEach((item) => {
        if (item.nodeType === 1 || item.textContent?.trim())
          items.push(textBlock('list-item', item.nodeType === 1 ? item : wrapText(item)))
      })
      blocks.push({
        type: listType,
        children: items.length ? items : [{ type: 'list-item', children: [{ text: '' }] }],
      })
    } else if (blockType && blockType !== 'list-item') {
      flush()
      blocks.push(textBlock(blockType, child))
    } else if (tag === 'DIV' || tag === 'SECTION' || tag === 'ARTICLE') {
      flush()
      blocks.push(...blocksOf(child))
    } else loose.push(child)
  })
  flush()
  return blocks
}

function wrapText(node: Node): Node {
  const span = node.ownerDocument!.createElement('span')
  span.appendChild(node.cloneNode(true))
  return span
}

/** A Slate document for stored post HTML; everything the toolbar makes comes back unchanged. */
export function deserializeHtml(html: string, parser: DOMParser = new DOMParser()): EditorDocument {
  const body = parser.parseFromString(`<!doctype html><body>${html}</body>`, 'text/html').body
  const blocks = blocksOf(body)
  return blocks.length ? blocks : [emptyParagraph()]
}

export const emptyDocument = (): EditorDocument => [emptyParagraph()]
