import { Editor, Element, Node, Transforms } from 'slate'

const HEADINGS = new Set(['heading-one', 'heading-two', 'heading-three'])

/**
 * Links and images are inline, images are void; Enter at the end of a heading continues with a paragraph; Enter
 * (or Backspace at its start) on an empty list item leaves the list, as in Google Docs and Ghost: typing a list
 * and pressing Enter twice ends it.
 */
export function withPostElements<T extends Editor>(editor: T): T {
  const { isInline, isVoid, insertBreak, deleteBackward } = editor
  editor.isInline = (element) => element.type === 'link' || element.type === 'image' || isInline(element)
  editor.isVoid = (element) => element.type === 'image' || isVoid(element)
  editor.insertBreak = () => {
    if (leaveEmptyListItem(editor)) return
    const block = Editor.above(editor, { match: (n) => Element.isElement(n) && Editor.isBlock(editor, n) })
    insertBreak()
    const [node] = block ?? []
    if (node && Element.isElement(node) && HEADINGS.has(node.type)) Transforms.setNodes(editor, { type: 'paragraph' })
  }
  editor.deleteBackward = (unit) => {
    if (leaveEmptyListItem(editor)) return
    deleteBackward(unit)
  }
  return editor
}

/**
 * When the cursor sits in an empty list item, the item becomes a paragraph after the list (the list is split
 * when the item was in its middle) and true is returned; otherwise nothing changes.
 */
function leaveEmptyListItem(editor: Editor): boolean {
  const { selection } = editor
  if (!selection || !Editor.isEditor(editor)) return false
  const item = Editor.above(editor, { match: (n) => Element.isElement(n) && n.type === 'list-item' })
  if (!item) return false
  const [node, path] = item
  const empty = Node.string(node) === '' && !node.children.some((child) => Element.isElement(child))
  if (!empty) return false
  Transforms.liftNodes(editor, { at: path })
  Transforms.setNodes(
    editor,
    { type: 'paragraph' },
    { match: (n) => Element.isElement(n) && Editor.isBlock(editor, n) },
  )
  return true
}
