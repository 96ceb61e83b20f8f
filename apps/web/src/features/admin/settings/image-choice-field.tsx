import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { hostImage } from '@wayfarer/api/schemas'
import { messages } from '@wayfarer/api/messages'
import { checkImageFile, uploadImage } from '../../../lib/upload'
import { toUserMessage } from '../../../lib/user-message'
import { coverChoicesQuery } from '../trips/queries'

/**
 * An image of the site's own (the logo, an About photo): one of the published gallery photos, or a new one
 * uploaded into the image store, or none.
 */
export function ImageChoiceField({
  id,
  label,
  value,
  onChange,
}: {
  id: string
  label: string
  value: string | null
  onChange: (url: string | null) => void
}) {
  const photos = useQuery(coverChoicesQuery()).data ?? []
  const [status, setStatus] = useState<string | null>(null)
  const known = photos.some((p) => p.cloudinary_url === value)
  const upload = async (file: File) => {
    const problem = checkImageFile(file)
    if (problem) return setStatus(problem)
    setStatus('Uploading…')
    try {
      const image = await uploadImage('/api/gallery/upload', file, hostImage.passthrough(), () => undefined)
      onChange(image.url)
      setStatus(null)
    } catch (error) {
      setStatus(toUserMessage(error, messages.gallery.uploadFailed, messages.upload.network))
    }
  }
  return (
    <div className="flex flex-wrap items-end gap-3">
      {value && <img src={value} alt="" className="h-12 w-12 rounded object-cover" />}
      <div className="min-w-48 flex-1">
        <label htmlFor={id} className="block text-sm font-medium text-gray-700">
          {label}
        </label>
        <select
          id={id}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value || null)}
          className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 focus:outline-2 focus:outline-teal-700"
        >
          <option value="">None</option>
          {value && !known && <option value={value}>The uploaded image</option>}
          {photos.map((p) => (
            <option key={p.id} value={p.cloudinary_url}>
              {p.title || `Photo ${p.id}`}
            </option>
          ))}
        </select>
      </div>
      <label className="inline-flex min-h-10 cursor-pointer items-center rounded-lg border border-gray-300 px-3 py-2 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-700">
        <input
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) void upload(file)
            e.target.value = ''
          }}
        />
        Upload {label.toLowerCase()}
      </label>
      {status && (
        <p role="status" className="w-full text-sm text-gray-700">
          {status}
        </p>
      )}
    </div>
  )
}
