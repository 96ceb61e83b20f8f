import { useEffect, useState, type ChangeEvent } from 'react'
import { messages } from '@wayfarer/api/messages'
import { uploadImage, UploadError } from '../../lib/upload'

const MAX_BYTES = 10 * 1024 * 1024
const SUCCESS_MS = 3000

interface Props {
  postId: number | null
  url: string
  alt: string
  showUrlField: boolean
  onUrl: (url: string) => void
  onAlt: (alt: string) => void
}

/** SPEC.md §2/§5/§8 featured image: upload (after the first save) with progress, alt text, URL field and preview. */
export function FeaturedImage({ postId, url, alt, showUrlField, onUrl, onAlt }: Props) {
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [success, setSuccess] = useState(false)

  useEffect(() => {
    if (!success) return
    const timer = setTimeout(() => setSuccess(false), SUCCESS_MS)
    return () => clearTimeout(timer)
  }, [success])

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file || postId === null) return
    setError(null)
    setSuccess(false)
    if (!file.type.startsWith('image/')) return setError(messages.upload.notImage)
    if (file.size >= MAX_BYTES) return setError(messages.upload.tooLarge)
    setProgress(0)
    try {
      const data = await uploadImage<{ url: string }>(`/api/posts/${postId}/upload`, file, setProgress)
      onUrl(data.url)
      setSuccess(true)
    } catch (e) {
      setError(e instanceof UploadError && e.network ? messages.upload.network : (e instanceof Error && e.message) || messages.upload.failed)
    } finally {
      setProgress(null)
    }
  }

  return (
    <div className="space-y-3">
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
        <div role="progressbar" aria-label="Upload progress" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100} className="h-2 rounded bg-gray-200">
          <div className="h-2 rounded bg-teal-600 transition-all" style={{ width: `${progress}%` }} />
        </div>
      )}
      {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
      {success && <p role="status" className="text-sm text-green-700">{messages.upload.success}</p>}
      {showUrlField && (
        <label className="block text-sm">
          <span className="font-medium text-gray-700">Featured image URL</span>
          <input value={url} onChange={(e) => onUrl(e.target.value)} className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2" />
        </label>
      )}
      <label className="block text-sm">
        <span className="font-medium text-gray-700">Alt text</span>
        <input value={alt} onChange={(e) => onAlt(e.target.value)} placeholder="Describe the image" className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2" />
      </label>
      {url && <img src={url} alt={alt || 'Featured image preview'} className="max-h-48 w-full rounded-lg object-cover" />}
    </div>
  )
}
