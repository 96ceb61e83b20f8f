import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Button } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { trpc } from '../../../lib/trpc'
import { toUserMessage } from '../../../lib/user-message'

interface Props {
  postId: number | null
  context: { title?: string; category?: string; location?: string }
  onGenerated: (text: string) => void
}

/**
 * The AI assistant: a prompt box (Cmd/Ctrl+Enter submits), disabled until the post has an id; what it writes is
 * inserted into the editor. The button that opens it sits in the editor's header, not over the form (a floating
 * button would hide whatever field scrolls under it); the open panel floats and Escape closes it.
 */
export function AiAssistant({ postId, context, onGenerated }: Props) {
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const ai = useContentGeneration(postId, context, onGenerated)
  const close = () => {
    setOpen(false)
    toggle.current?.focus()
  }
  return (
    <>
      <Button
        ref={toggle}
        variant="secondary"
        onClick={() => (open ? close() : setOpen(true))}
        aria-expanded={open}
        aria-controls="ai-assistant"
      >
        {open ? 'Close AI' : 'AI Assistant'}
      </Button>
      {open && <AiPanel ai={ai} disabled={postId === null} onClose={close} />}
    </>
  )
}

/** The prompt (kept while the panel is closed), the call, and what it answered: the word count or the failure. */
function useContentGeneration(postId: number | null, context: Props['context'], onGenerated: Props['onGenerated']) {
  const [prompt, setPrompt] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const generate = useMutation(trpc.posts.aiGenerate.mutationOptions())
  const submit = async () => {
    setError(null)
    setNotice(null)
    if (!prompt.trim()) return setError(messages.ai.emptyPrompt)
    if (postId === null) return
    try {
      const result = await generate.mutateAsync({ id: postId, prompt, type: 'content', context })
      onGenerated(result.content)
      setNotice(`Generated ${result.wordCount} words successfully!`)
      setPrompt('')
    } catch (e) {
      setError(toUserMessage(e, messages.ai.generationFailed, messages.ai.generationNetwork))
    }
  }
  return { prompt, setPrompt, error, notice, pending: generate.isPending, submit }
}

function AiPanel({
  ai,
  disabled,
  onClose,
}: {
  ai: ReturnType<typeof useContentGeneration>
  disabled: boolean
  onClose: () => void
}) {
  const promptBox = useRef<HTMLTextAreaElement>(null)
  useEffect(() => promptBox.current?.focus(), [])
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault()
      void ai.submit()
    }
  }
  return (
    <section
      id="ai-assistant"
      aria-label="AI assistant"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose()
      }}
      className="fixed right-4 bottom-4 z-40 w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-gray-200 bg-white p-4 shadow-xl"
    >
      <h3 className="font-semibold text-gray-900">AI Assistant</h3>
      {disabled && (
        <p className="mt-1 text-xs text-gray-500">Save the post as a draft to enable AI content generation.</p>
      )}
      <textarea
        ref={promptBox}
        aria-label="AI prompt"
        value={ai.prompt}
        onChange={(e) => ai.setPrompt(e.target.value)}
        onKeyDown={onKeyDown}
        disabled={disabled || ai.pending}
        rows={4}
        placeholder="Ask for a paragraph, an intro, tips… (Cmd/Ctrl+Enter)"
        className="mt-2 w-full rounded-lg border border-gray-300 px-3 py-2 text-sm disabled:bg-gray-50"
      />
      {ai.error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {ai.error}
        </p>
      )}
      {ai.notice && (
        <p role="status" className="mt-2 text-sm text-green-700">
          {ai.notice}
        </p>
      )}
      <Button
        className="mt-2 w-full"
        size="sm"
        disabled={disabled || !ai.prompt.trim() || ai.pending}
        onClick={() => void ai.submit()}
      >
        {ai.pending ? 'Generating…' : 'Generate'}
      </Button>
    </section>
  )
}
