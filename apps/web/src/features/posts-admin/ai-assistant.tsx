import { useState, type KeyboardEvent } from 'react'
import { Button } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { trpc } from '../../lib/trpc'
import { isNetworkError, serverMessage } from '../../lib/trpc-errors'

interface Props {
  postId: number | null
  context: { title?: string; category?: string; location?: string }
  onGenerated: (text: string) => void
}

/** SPEC.md §2 floating AI assistant: a prompt box (Cmd/Ctrl+Enter submits), disabled until the post has an id. */
export function AiAssistant({ postId, context, onGenerated }: Props) {
  const [open, setOpen] = useState(false)
  const [prompt, setPrompt] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const generate = trpc.posts.aiGenerate.useMutation()
  const disabled = postId === null

  async function submit() {
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
      setError(isNetworkError(e) ? messages.ai.generationNetwork : serverMessage(e, messages.ai.generationFailed))
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault()
      void submit()
    }
  }

  return (
    <div className="fixed right-6 bottom-6 z-30 flex flex-col items-end gap-3">
      {open && (
        <section aria-label="AI assistant" className="w-80 rounded-xl border border-gray-200 bg-white p-4 shadow-xl">
          <h3 className="font-semibold text-gray-900">AI Assistant</h3>
          {disabled && <p className="mt-1 text-xs text-gray-500">Save the post as a draft to enable AI content generation.</p>}
          <textarea
            aria-label="AI prompt"
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            onKeyDown={onKeyDown}
            disabled={disabled || generate.isPending}
            rows={4}
            placeholder="Ask for a paragraph, an intro, tips… (Cmd/Ctrl+Enter)"
            className="mt-2 w-full rounded-lg border border-gray-300 px-3 py-2 text-sm disabled:bg-gray-50"
          />
          {error && <p role="alert" className="mt-2 text-sm text-red-600">{error}</p>}
          {notice && <p role="status" className="mt-2 text-sm text-green-700">{notice}</p>}
          <Button className="mt-2 w-full" size="sm" disabled={disabled || !prompt.trim() || generate.isPending} onClick={() => void submit()}>
            {generate.isPending ? 'Generating...' : 'Generate'}
          </Button>
        </section>
      )}
      <Button onClick={() => setOpen((v) => !v)} aria-expanded={open} className="rounded-full shadow-lg">
        {open ? 'Close AI' : 'AI Assistant'}
      </Button>
    </div>
  )
}
