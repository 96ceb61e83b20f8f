import { useCallback, useEffect, useMemo, type KeyboardEvent, type ReactNode, type RefObject } from 'react'
import { createEditor, Transforms, type Descendant } from 'slate'
import { Editable, Slate, useSlate, withReact, type RenderElementProps, type RenderLeafProps } from 'slate-react'
import { withHistory } from 'slate-history'
import { cx } from '@wayfarer/ui'
import { deserializeHtml, serializeDocument } from './html'
import { withPostElements } from './editor-plugins'
import { insertImage, insertLink, isBlockActive, isMarkActive, toggleBlock, toggleMark, type BlockFormat } from './editor-commands'
import type { Mark } from './slate-types'

interface Props {
  /** The HTML the editor starts from (read once: the editor owns the document afterwards). */
  initialHtml: string
  onChange: (html: string) => void
  placeholder?: string
  /** Set to a function that appends generated text as paragraphs (the AI assistant uses it). */
  insertRef?: RefObject<((text: string) => void) | null>
}

/** SPEC.md §2 rich-text content: a Slate editor that reads and writes post HTML. */
export function RichTextEditor({ initialHtml, onChange, placeholder = 'Tell the story of your trip...', insertRef }: Props) {
  const editor = useMemo(() => withPostElements(withHistory(withReact(createEditor()))), [])
  const initialValue = useMemo(() => deserializeHtml(initialHtml), [initialHtml])

  useEffect(() => {
    if (!insertRef) return
    insertRef.current = (text: string) => {
      const paragraphs = text
        .split(/\n{2,}/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => ({ type: 'paragraph' as const, children: [{ text: p }] }))
      Transforms.insertNodes(editor, paragraphs, { at: [editor.children.length] })
    }
    return () => {
      insertRef.current = null
    }
  }, [editor, insertRef])

  const handleChange = useCallback(
    (value: Descendant[]) => {
      if (editor.operations.some((op) => op.type !== 'set_selection')) onChange(serializeDocument(value))
    },
    [editor, onChange],
  )

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.metaKey || event.ctrlKey)) return
    const mark: Mark | null = event.key === 'b' ? 'bold' : event.key === 'i' ? 'italic' : null
    if (mark) {
      event.preventDefault()
      toggleMark(editor, mark)
    }
  }

  return (
    <div className="rounded-lg border border-gray-300 bg-white focus-within:border-teal-600">
      <Slate editor={editor} initialValue={initialValue} onChange={handleChange}>
        <Toolbar />
        <Editable
          aria-label="Content"
          className="prose max-w-none px-4 py-3 focus:outline-none"
          style={{ minHeight: 300 }}
          placeholder={placeholder}
          renderElement={renderElement}
          renderLeaf={renderLeaf}
          onKeyDown={onKeyDown}
        />
      </Slate>
    </div>
  )
}

function Toolbar() {
  const editor = useSlate()
  const markButton = (mark: Mark, label: string, content: ReactNode) => (
    <ToolbarButton label={label} active={isMarkActive(editor, mark)} onPress={() => toggleMark(editor, mark)}>
      {content}
    </ToolbarButton>
  )
  const blockButton = (format: BlockFormat, label: string, content: ReactNode) => (
    <ToolbarButton label={label} active={isBlockActive(editor, format)} onPress={() => toggleBlock(editor, format)}>
      {content}
    </ToolbarButton>
  )
  return (
    <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b border-gray-200 px-2 py-1.5">
      {markButton('bold', 'Bold', <strong>B</strong>)}
      {markButton('italic', 'Italic', <em>I</em>)}
      {blockButton('heading-one', 'Heading 1', 'H1')}
      {blockButton('heading-two', 'Heading 2', 'H2')}
      {blockButton('heading-three', 'Heading 3', 'H3')}
      {blockButton('block-quote', 'Quote', '“ ”')}
      {blockButton('bulleted-list', 'Bulleted list', '• List')}
      {blockButton('numbered-list', 'Numbered list', '1. List')}
      <ToolbarButton label="Link" onPress={() => insertLink(editor, window.prompt('Enter the link URL:') ?? '')}>
        Link
      </ToolbarButton>
      <ToolbarButton label="Image" onPress={() => insertImage(editor, window.prompt('Enter the image URL:') ?? '')}>
        Image
      </ToolbarButton>
    </div>
  )
}

function ToolbarButton({ label, active = false, onPress, children }: { label: string; active?: boolean; onPress: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      // Keeps the editor's selection: a click would otherwise move focus before the command runs.
      onMouseDown={(event) => {
        event.preventDefault()
        onPress()
      }}
      className={cx('rounded px-2 py-1 text-sm', active ? 'bg-teal-100 text-teal-900' : 'text-gray-700 hover:bg-gray-100')}
    >
      {children}
    </button>
  )
}

function renderElement({ attributes, children, element }: RenderElementProps) {
  switch (element.type) {
    case 'heading-one':
      return <h1 {...attributes} className="text-3xl font-bold">{children}</h1>
    case 'heading-two':
      return <h2 {...attributes} className="text-2xl font-bold">{children}</h2>
    case 'heading-three':
      return <h3 {...attributes} className="text-xl font-semibold">{children}</h3>
    case 'block-quote':
      return <blockquote {...attributes} className="border-l-4 border-gray-300 pl-4 text-gray-600 italic">{children}</blockquote>
    case 'bulleted-list':
      return <ul {...attributes} className="list-disc pl-6">{children}</ul>
    case 'numbered-list':
      return <ol {...attributes} className="list-decimal pl-6">{children}</ol>
    case 'list-item':
      return <li {...attributes}>{children}</li>
    case 'link':
      return (
        <a {...attributes} href={element.url} className="text-teal-700 underline">
          {children}
        </a>
      )
    case 'image':
      return (
        <span {...attributes} className="inline-block">
          <span contentEditable={false}>
            <img src={element.url} alt={element.alt} className="max-h-64 rounded" />
          </span>
          {children}
        </span>
      )
    default:
      return <p {...attributes} className="my-2">{children}</p>
  }
}

function renderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  let content = children
  if (leaf.italic) content = <em>{content}</em>
  if (leaf.bold) content = <strong>{content}</strong>
  return <span {...attributes}>{content}</span>
}
