import type { BaseEditor } from 'slate'
import type { ReactEditor } from 'slate-react'
import type { HistoryEditor } from 'slate-history'

/** Everything the toolbar can make: paragraphs, headings 1-3, lists, quotes, links, images (docs/product.md, "Editor"). */
export type FormattedText = { text: string; bold?: true; italic?: true }
export type Mark = 'bold' | 'italic'

export type LinkElement = { type: 'link'; url: string; children: FormattedText[] }
/** Inline and void, so an image can sit in a paragraph like any other content. */
export type ImageElement = { type: 'image'; url: string; alt: string; children: [{ text: '' }] }
export type InlineNode = FormattedText | LinkElement | ImageElement

export type TextBlockType = 'paragraph' | 'heading-one' | 'heading-two' | 'heading-three' | 'block-quote' | 'list-item'
export type TextBlock = { type: TextBlockType; children: InlineNode[] }
export type ListType = 'bulleted-list' | 'numbered-list'
export type ListElement = { type: ListType; children: TextBlock[] }

export type CustomElement = TextBlock | ListElement | LinkElement | ImageElement
export type EditorDocument = (TextBlock | ListElement)[]

declare module 'slate' {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor & HistoryEditor
    Element: CustomElement
    Text: FormattedText
  }
}
