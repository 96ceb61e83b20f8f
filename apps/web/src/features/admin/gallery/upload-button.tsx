import { useRef, useState } from 'react'
import { hostImage, photoPlaceSuggestion, type HostImage, type PhotoPlaceSuggestion } from '@wayfarer/api/schemas'
import { messages } from '@wayfarer/api/messages'
import { checkImageFile, uploadImage } from '../../../lib/upload'
import { toUserMessage } from '../../../lib/user-message'
import type { Notice } from './gallery-images'

// The upload's answer: the stored image, and where its GPS (read before it was stripped) says it was taken.
const uploaded = hostImage.extend({ place_suggestion: photoPlaceSuggestion.nullable().default(null) })

/** Picks one photo and uploads it into the open folder (REST multipart, the one uploader), showing the progress. */
export function UploadButton({
  folder,
  onUploaded,
  onNotice,
}: {
  folder: string
  onUploaded: (image: HostImage, suggestion: PhotoPlaceSuggestion | null) => void
  onNotice: (n: Notice) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)

  const upload = async (file: File) => {
    const problem = checkImageFile(file)
    if (problem) return onNotice({ kind: 'error', text: problem })
    setProgress(0)
    try {
      const { place_suggestion, ...image } = await uploadImage(
        `/api/gallery/upload?${new URLSearchParams({ folder })}`,
        file,
        uploaded,
        setProgress,
      )
      onUploaded(image, place_suggestion)
    } catch (error) {
      onNotice({ kind: 'error', text: toUserMessage(error, messages.gallery.uploadFailed, messages.upload.network) })
    } finally {
      setProgress(null)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <label className="relative inline-flex cursor-pointer items-center gap-2 overflow-hidden rounded-lg bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-teal-700 has-[:focus-visible]:ring-offset-2">
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        className="sr-only"
        aria-label="Upload image"
        disabled={progress !== null}
        onChange={(e) => {
          const file = e.target.files?.[0]
          if (file) void upload(file)
        }}
      />
      {progress === null ? 'Upload' : `Uploading… ${progress}%`}
      {progress !== null && (
        <span
          role="progressbar"
          aria-valuenow={progress}
          aria-valuemin={0}
          aria-valuemax={100}
          className="absolute bottom-0 left-0 h-1 bg-white/70"
          style={{ width: `${progress}%` }}
        />
      )}
    </label>
  )
}
