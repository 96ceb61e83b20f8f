import { Editor, Element, Range, Transforms } from 'slate'
import type { ListType, Mark, TextBlockType } from './slate-types'

const LIST_TYPES: ListType[] = ['bulleted-list', 'numbered-list']
export type BlockFormat = Exclude<TextBlockType, 'list-item' | 'paragraph'> | ListType

export function isMarkActive(editor: Editor, mark: Mark): boolean {
  return Editor.marks(editor)?.[mark] === true
}

export function toggleMark(editor: Editor, mark: Mark): void {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark)
  else Editor.addMark(editor, mark, true)
}

export function isBlockActive(editor: Editor, format: BlockFormat): boolean {
  const { selection } = editor
  if (!selection) return false
  const [match] = Editor.nodes(editor, {
    at: Editor.unhangRange(editor, selection),
    match: (n) => Element.isElement(n) && n.type === format,
  })
  return Boolean(match)
}

/** Headings, quote and lists switch on and off; lists wrap the chosen blocks as list items. */
export function toggleBlock(editor: Editor, format: BlockFormat): void {
  const active = isBlockActive(editor, format)
  const isList = (LIST_TYPES as string[]).includes(format)
  Transforms.unwrapNodes(editor, {
    match: (n) => Element.isElement(n) && (LIST_TYPES as string[]).includes(n.type),
    split: true,
  })
  const type: TextBlockType = active ? 'paragraph' : isList ? 'list-item' : (format as TextBlockType)
  Transforms.setNodes(editor, { type }, { match: (n) => Element.isElement(n) && Editor.isBlock(editor, n) })
  if (!active && isList) Transforms.wrapNodes(editor, { type: format as ListType, children: [] })
}

/** A link is entered through a prompt for its address; an empty answer changes nothing. */
export function insertLink(editor: Editor, url: string): void {
  const href = url.trim()
  if (!href) return
  Transforms.unwrapNodes(editor, { match: (n) => Element.isElement(n) && n.type === 'link' })
  if (!editor.selection || Range.isCollapsed(editor.selection)) {
    Transforms.insertNodes(editor, { type: 'link', url: href, children: [{ text: href }] })
  } else {
    Transforms.wrapNodes(editor, { type: 'link', url: href, children: [] }, { split: true })
    Transforms.collapse(editor, { edge: 'end' })
  }
}

/**
 * An image at the cursor (an empty address changes nothing). The image is an inline void: Slate leaves the
 * cursor inside it after the insertion, where typed text goes nowhere, so the cursor moves on past it.
 */
export function insertImage(editor: Editor, url: string, alt = ''): void {
  const src = url.trim()
  if (!src) return
  Transforms.insertNodes(editor, { type: 'image', url: src, alt, children: [{ text: '' }] })
  Transforms.move(editor)
}
