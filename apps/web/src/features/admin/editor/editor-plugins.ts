import { Editor, Element, Transforms } from 'slate'

const HEADINGS = new Set(['heading-one', 'heading-two', 'heading-three'])

/** Links and images are inline, images are void; Enter at the end of a heading continues with a paragraph. */
export function withPostElements<T extends Editor>(editor: T): T {
  const { isInline, isVoid, insertBreak } = editor
  editor.isInline = (element) => element.type === 'link' || element.type === 'image' || isInline(element)
  editor.isVoid = (element) => element.type === 'image' || isVoid(element)
  editor.insertBreak = () => {
    const block = Editor.above(editor, { match: (n) => Element.isElement(n) && Editor.isBlock(editor, n) })
    insertBreak()
    const [node] = block ?? []
    if (node && Element.isElement(node) && HEADINGS.has(node.type)) Transforms.setNodes(editor, { type: 'paragraph' })
  }
  return editor
}
