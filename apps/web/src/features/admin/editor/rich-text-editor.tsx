import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react'
import { createEditor, Transforms, type Descendant, type Editor } from 'slate'
import {
  Editable,
  ReactEditor,
  Slate,
  useSlate,
  useSlateStatic,
  withReact,
  type RenderElementProps,
  type RenderLeafProps,
  type RenderPlaceholderProps,
} from 'slate-react'
import { withHistory } from 'slate-history'
import { cx } from '@wayfarer/ui'
import { deserializeHtml, serializeDocument } from './html'
import { withPostElements } from './editor-plugins'
import {
  insertImage,
  insertLink,
  isBlockActive,
  isMarkActive,
  toggleBlock,
  toggleMark,
  type BlockFormat,
} from './editor-commands'
import type { ImageElement, Mark } from './slate-types'
import { ImageDialog, type ImageDialogRequest } from './image-dialog'

interface Props {
  /** The HTML the editor starts from (read once: the editor owns the document afterwards). */
  initialHtml: string
  onChange: (html: string) => void
  placeholder?: string
  /** Set to a function that appends generated text as paragraphs (the AI assistant uses it). */
  insertRef?: RefObject<((text: string) => void) | null>
  /** The saved post's id, where uploaded pictures are filed; null before the first save. */
  postId?: number | null
}

/** Opens the image dialog: the toolbar's Image button, a dropped or pasted file, a click on a picture. */
const ImageDialogOpener = createContext<(request: ImageDialogRequest, element?: ImageElement) => void>(() => {})

/** The story's rich-text content: a Slate editor that reads and writes the post's HTML. */
export function RichTextEditor({
  initialHtml,
  onChange,
  placeholder = 'Tell the story of your trip...',
  insertRef,
  postId = null,
}: Props) {
  const editor = useMemo(() => withPostElements(withHistory(withReact(createEditor()))), [])
  const initialValue = useMemo(() => deserializeHtml(initialHtml), [initialHtml])
  const images = useImageDialog(editor, postId)

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
      <ImageDialogOpener.Provider value={images.open}>
        <Slate editor={editor} initialValue={initialValue} onChange={handleChange}>
          <Toolbar />
          <Editable
            aria-label="Content"
            className="story-body min-h-[60vh] rounded-b-lg px-4 py-3 focus:ring-2 focus:ring-teal-600 focus:outline-none focus:ring-inset"
            placeholder={placeholder}
            renderPlaceholder={renderPlaceholder}
            renderElement={renderElement}
            renderLeaf={renderLeaf}
            onKeyDown={onKeyDown}
            onDrop={images.onDrop}
            onPaste={images.onPaste}
          />
        </Slate>
      </ImageDialogOpener.Provider>
      {images.dialog}
    </div>
  )
}

const imageFileOf = (data: DataTransfer | null) =>
  [...(data?.files ?? [])].find((file) => file.type.startsWith('image/'))

/**
 * The image dialog's state: what it was opened for, where the picture goes (the cursor, the drop point, or the
 * picture whose alt text is edited), and the editor focused again at the cursor after it closes.
 */
function useImageDialog(editor: Editor, postId: number | null) {
  const [open, setOpen] = useState<{ request: ImageDialogRequest; element?: ImageElement | undefined } | null>(null)
  const close = () => {
    setOpen(null)
    // Once the dialog is gone (its focus trap would pull focus back in): the editor takes focus at the cursor Slate
    // kept, after an inserted picture. The dialog does not give focus back itself: focusing the editor's element
    // from outside puts the caret at the start of the story, and text typed at once landed there.
    setTimeout(() => ReactEditor.focus(editor))
  }
  const done = (image: { url: string; alt: string }) => {
    if (open?.element)
      Transforms.setNodes(editor, { alt: image.alt }, { at: ReactEditor.findPath(editor, open.element) })
    else insertImage(editor, image.url, image.alt)
    close()
  }
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const file = imageFileOf(event.dataTransfer)
    if (!file) return false
    event.preventDefault()
    const at = ReactEditor.findEventRange(editor, event)
    if (at) Transforms.select(editor, at)
    setOpen({ request: { mode: 'insert', file } })
    return true
  }
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const file = imageFileOf(event.clipboardData)
    if (!file) return false
    event.preventDefault()
    setOpen({ request: { mode: 'insert', file } })
    return true
  }
  const dialog = open && <ImageDialog request={open.request} postId={postId} onDone={done} onCancel={close} />
  return {
    open: (request: ImageDialogRequest, element?: ImageElement) => setOpen({ request, element }),
    onDrop,
    onPaste,
    dialog,
  }
}

function Toolbar() {
  const editor = useSlate()
  const openImageDialog = useContext(ImageDialogOpener)
  const markButton = (mark: Mark, content: ReactNode, hint: string, name: string) => (
    <ToolbarButton hint={hint} name={name} active={isMarkActive(editor, mark)} onPress={() => toggleMark(editor, mark)}>
      {content}
    </ToolbarButton>
  )
  const blockButton = (format: BlockFormat, content: ReactNode, hint: string) => (
    <ToolbarButton hint={hint} active={isBlockActive(editor, format)} onPress={() => toggleBlock(editor, format)}>
      {content}
    </ToolbarButton>
  )
  // Each button's accessible name starts with the text it shows (WCAG 2.5.3, label in name): speech users say
  // what they see ("B" → Bold, "H2" → H2 heading 2); the hidden rest spells it out for screen readers.
  return (
    <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b border-gray-200 px-2 py-1.5">
      {markButton('bold', <strong>B</strong>, 'Bold (Ctrl+B)', 'Bold')}
      {markButton('italic', <em>I</em>, 'Italic (Ctrl+I)', 'Italic')}
      {blockButton(
        'heading-one',
        <>
          H1<span className="sr-only"> heading 1</span>
        </>,
        'Heading 1',
      )}
      {blockButton(
        'heading-two',
        <>
          H2<span className="sr-only"> heading 2</span>
        </>,
        'Heading 2',
      )}
      {blockButton(
        'heading-three',
        <>
          H3<span className="sr-only"> heading 3</span>
        </>,
        'Heading 3',
      )}
      {blockButton('block-quote', 'Quote', 'Quote')}
      {blockButton(
        'bulleted-list',
        <>
          <span aria-hidden="true">• </span>
          <span className="sr-only">Bulleted </span>List
        </>,
        'Bulleted list',
      )}
      {blockButton(
        'numbered-list',
        <>
          <span aria-hidden="true">1. </span>
          <span className="sr-only">Numbered </span>List
        </>,
        'Numbered list',
      )}
      <ToolbarButton hint="Link" onPress={() => insertLink(editor, window.prompt('Enter the link URL:') ?? '')}>
        Link
      </ToolbarButton>
      <ToolbarButton hint="Image" onPress={() => openImageDialog({ mode: 'insert' })}>
        Image
      </ToolbarButton>
    </div>
  )
}

function ToolbarButton({
  hint,
  name,
  active = false,
  onPress,
  children,
}: {
  hint: string
  name?: string
  active?: boolean
  onPress: () => void
  children: ReactNode
}) {
  const editor = useSlateStatic()
  return (
    <button
      type="button"
      title={hint}
      aria-label={name}
      aria-pressed={active}
      // Keeps the editor's selection: a click would otherwise move focus before the command runs.
      onMouseDown={(event) => {
        event.preventDefault()
        onPress()
      }}
      // Keyboard users press Enter or Space on the focused button; the editor's last selection is still known.
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return
        event.preventDefault()
        onPress()
        ReactEditor.focus(editor)
      }}
      className={cx(
        'rounded px-2 py-1 text-sm',
        active ? 'bg-teal-100 text-teal-900' : 'text-gray-700 hover:bg-gray-100',
      )}
    >
      {children}
    </button>
  )
}

/** A picture in the story: clicking it (or its Alt text button) edits what screen readers say about it. */
function StoryImage({ attributes, children, element }: RenderElementProps & { element: ImageElement }) {
  const openImageDialog = useContext(ImageDialogOpener)
  const editAlt = () => openImageDialog({ mode: 'alt', url: element.url, alt: element.alt }, element)
  return (
    <span {...attributes} className="relative inline-block">
      <span contentEditable={false} className="relative inline-block">
        <img src={element.url} alt={element.alt} onClick={editAlt} className="cursor-pointer" />
        <button
          type="button"
          onClick={editAlt}
          className="absolute bottom-2 left-2 rounded bg-black/75 px-2 py-0.5 text-xs text-white"
        >
          Alt text{element.alt ? '' : ' (missing)'}
        </button>
      </span>
      {children}
    </span>
  )
}

// Elements carry no classes of their own: the editor sits inside `.story-body`, the stylesheet of the public
// story page, so what the owner writes looks the same here, in the preview and on the site.
function renderElement(props: RenderElementProps) {
  const { attributes, children, element } = props
  switch (element.type) {
    case 'heading-one':
      return <h1 {...attributes}>{children}</h1>
    case 'heading-two':
      return <h2 {...attributes}>{children}</h2>
    case 'heading-three':
      return <h3 {...attributes}>{children}</h3>
    case 'block-quote':
      return <blockquote {...attributes}>{children}</blockquote>
    case 'bulleted-list':
      return <ul {...attributes}>{children}</ul>
    case 'numbered-list':
      return <ol {...attributes}>{children}</ol>
    case 'list-item':
      return <li {...attributes}>{children}</li>
    case 'link':
      return (
        <a {...attributes} href={element.url}>
          {children}
        </a>
      )
    case 'image':
      return <StoryImage {...props} element={element} />
    default:
      return <p {...attributes}>{children}</p>
  }
}

/** Slate's placeholder is pale (a third of the text colour); this one reads at 4.5:1 like any other text. */
function renderPlaceholder({ attributes, children }: RenderPlaceholderProps) {
  return (
    <span {...attributes} style={{ ...attributes.style, opacity: 1 }} className="text-gray-500">
      {children}
    </span>
  )
}

function renderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  let content = children
  if (leaf.italic) content = <em>{content}</em>
  if (leaf.bold) content = <strong>{content}</strong>
  return <span {...attributes}>{content}</span>
}
