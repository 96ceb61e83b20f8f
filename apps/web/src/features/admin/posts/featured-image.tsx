import { useCallback, useState, type ChangeEvent } from 'react'
import { z } from 'zod'
import { messages } from '@wayfarer/api/messages'
import { photoPlaceSuggestion, type PhotoPlaceSuggestion } from '@wayfarer/api/schemas'
import { Toast } from '@wayfarer/ui'
import { checkImageFile, uploadImage } from '../../../lib/upload'
import { toUserMessage } from '../../../lib/user-message'

// The upload's success message stays 3 seconds.
const SUCCESS_MS = 3000
const uploadedImage = z.object({ url: z.string(), place_suggestion: photoPlaceSuggestion.nullable().default(null) })

interface Props {
  postId: number | null
  url: string
  alt: string
  showUrlField: boolean
  onUrl: (url: string) => void
  onAlt: (alt: string) => void
  /** Where the uploaded photo's GPS says it was taken (already rounded), offered to the owner. */
  onPlaceSuggestion: (suggestion: PhotoPlaceSuggestion | null) => void
}

/** The featured image: upload (after the first save), its URL (when editing), alt text and a preview. */
export function FeaturedImage({ postId, url, alt, showUrlField, onUrl, onAlt, onPlaceSuggestion }: Props) {
  return (
    <div className="space-y-3">
      <ImageUpload postId={postId} onUrl={onUrl} onPlaceSuggestion={onPlaceSuggestion} />
      {showUrlField && (
        <label className="block text-sm">
          <span className="font-medium text-gray-700">Featured image URL</span>
          <input
            value={url}
            onChange={(e) => onUrl(e.target.value)}
            className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2"
          />
        </label>
      )}
      <label className="block text-sm">
        <span className="font-medium text-gray-700">Alt text</span>
        <input
          value={alt}
          onChange={(e) => onAlt(e.target.value)}
          placeholder="Describe the image"
          className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2"
        />
      </label>
      {/* A fixed height: the cards below (the place, the route) stay where they are while the picture loads. */}
      {url && <img src={url} alt={alt || 'Featured image preview'} className="h-48 w-full rounded-lg object-cover" />}
    </div>
  )
}

/**
 * Choosing a file uploads it at once: the browser's checks first (type, size), then the upload with its
 * progress, then the new URL (and any GPS place the photo carries) handed to the form.
 */
function ImageUpload({ postId, onUrl, onPlaceSuggestion }: Pick<Props, 'postId' | 'onUrl' | 'onPlaceSuggestion'>) {
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [success, setSuccess] = useState(false)
  const hideSuccess = useCallback(() => setSuccess(false), [])

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file || postId === null) return
    setError(null)
    setSuccess(false)
    const problem = checkImageFile(file)
    if (problem) return setError(problem)
    setProgress(0)
    try {
      const data = await uploadImage(`/api/posts/${postId}/upload`, file, uploadedImage, setProgress)
      onUrl(data.url)
      onPlaceSuggestion(data.place_suggestion)
      setSuccess(true)
    } catch (e) {
      setError(toUserMessage(e, messages.upload.failed, messages.upload.network))
    } finally {
      setProgress(null)
    }
  }

  return (
    <>
      <label className="block">
        <span className="sr-only">Upload featured image</span>
        <input
          type="file"
          accept="image/png,image/jpeg,image/gif"
          aria-label="Upload featured image"
          disabled={postId === null || progress !== null}
          onChange={(e) => void choose(e)}
          className="block w-full text-sm text-gray-600 file:mr-3 file:rounded-lg file:border-0 file:bg-teal-50 file:px-3 file:py-2 file:text-teal-800 disabled:opacity-50"
        />
      </label>
      <p className="text-xs text-gray-500">PNG, JPG or GIF, under 10MB.</p>
      {progress !== null && (
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuenow={progress}
          aria-valuemin={0}
          aria-valuemax={100}
          className="h-2 rounded bg-gray-200"
        >
          <div className="h-2 rounded bg-teal-600 transition-all" style={{ width: `${progress}%` }} />
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      {success && (
        <Toast tone="success" durationMs={SUCCESS_MS} onDismiss={hideSuccess}>
          {messages.upload.success}
        </Toast>
      )}
    </>
  )
}
