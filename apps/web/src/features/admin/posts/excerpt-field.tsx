import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { messages } from '@wayfarer/api/messages'
import { trpc } from '../../../lib/trpc'
import { toUserMessage } from '../../../lib/user-message'
import { excerptFromContent, htmlToText } from '@wayfarer/api/schemas'

interface Props {
  value: string
  onChange: (excerpt: string) => void
  content: string
  postId: number | null
  context: { title?: string; category?: string; location?: string }
}

/** The excerpt with 'generate from content' and the AI excerpt button (enabled once the post has an id). */
export function ExcerptField({ value, onChange, content, postId, context }: Props) {
  const generate = useMutation(trpc.posts.aiGenerate.mutationOptions())
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null)

  async function aiExcerpt() {
    if (postId === null) return
    setMessage(null)
    // The AI excerpt is asked from the story's first 200 characters.
    const start = htmlToText(content).slice(0, 200)
    try {
      const result = await generate.mutateAsync({
        id: postId,
        type: 'excerpt',
        prompt: `Write an engaging excerpt for this travel post: ${start}`,
        context,
      })
      onChange(result.content)
      setMessage({ error: false, text: `Generated ${result.wordCount} words successfully!` })
    } catch (e) {
      setMessage({ error: true, text: toUserMessage(e, messages.ai.generationFailed, messages.ai.generationNetwork) })
    }
  }

  return (
    <div>
      <div className="flex items-center justify-between">
        <label htmlFor="excerpt" className="text-sm font-medium text-gray-700">
          Excerpt
        </label>
        <div className="flex gap-3 text-sm">
          <button
            type="button"
            className="text-teal-700 hover:underline disabled:text-gray-400"
            disabled={!htmlToText(content)}
            onClick={() => onChange(excerptFromContent(content))}
          >
            Generate from content
          </button>
          <button
            type="button"
            className="text-purple-700 hover:underline disabled:text-gray-400"
            disabled={postId === null || generate.isPending}
            onClick={() => void aiExcerpt()}
          >
            {generate.isPending ? 'Generating…' : 'AI excerpt'}
          </button>
        </div>
      </div>
      <textarea
        id="excerpt"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={3}
        className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2"
      />
      {message && (
        <p
          role={message.error ? 'alert' : 'status'}
          className={message.error ? 'text-sm text-red-600' : 'text-sm text-green-700'}
        >
          {message.text}
        </p>
      )}
    </div>
  )
}
