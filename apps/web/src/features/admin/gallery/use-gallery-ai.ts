import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { GalleryMetadata } from '@wayfarer/api/schemas'
import { messages } from '@wayfarer/api/messages'
import { trpc } from '../../../lib/trpc'
import { toUserMessage } from '../../../lib/user-message'
import type { ManagedImage, Notice } from './gallery-images'

/** The AI metadata button: Gemini looks at the photo and writes cleaned title, caption, location and tags. */
export function useGalleryAi(
  apply: (image: ManagedImage, metadata: GalleryMetadata) => Promise<void>,
  notify: (notice: Notice) => void,
) {
  const mutation = useMutation(trpc.gallery.aiMetadata.mutationOptions())
  const [pending, setPending] = useState<Set<string>>(new Set())

  const generate = async (image: ManagedImage) => {
    setPending((p) => new Set(p).add(image.public_id))
    try {
      const metadata = await mutation.mutateAsync({
        public_id: image.public_id,
        title: image.title,
        caption: image.caption,
        location: image.location,
        tags: image.tags,
      })
      notify({ kind: 'success', text: `AI wrote: ${metadata.title}` })
      await apply(image, metadata)
    } catch (error) {
      notify({ kind: 'error', text: toUserMessage(error, messages.gallery.aiFailed) })
    } finally {
      setPending((p) => new Set([...p].filter((id) => id !== image.public_id)))
    }
  }
  return { pending, generate }
}
