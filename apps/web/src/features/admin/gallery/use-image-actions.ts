import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import type { HostImage } from '@wayfarer/api/schemas'
import { messages } from '@wayfarer/api/messages'
import { trpc } from '../../../lib/trpc'
import { toUserMessage } from '../../../lib/user-message'
import { hostFields, type ManagedImage, type Notice, type PhotoPlaceChange } from './gallery-images'
import type { useFolderImages } from './use-folder-images'

interface Options {
  folder: ReturnType<typeof useFolderImages>
  notify: (notice: Notice) => void
  /** After a publish or unpublish; `deselect` after a delete. */
  clearSelection: () => void
  deselect: (publicId: string) => void
}

/**
 * What the owner does to photos: publish, unpublish, delete and place on the map. The photos a
 * call is under way for are `busy`; each outcome is said through `notify`.
 */
export function useImageActions({ folder, notify, clearSelection, deselect }: Options) {
  const publishMutation = useMutation(trpc.gallery.publish.mutationOptions())
  const unpublishMutation = useMutation(trpc.gallery.unpublish.mutationOptions())
  const deleteMutation = useMutation(trpc.gallery.delete.mutationOptions())
  const placeMutation = useMutation(trpc.places.setPhotoPlace.mutationOptions())
  const [busy, setBusy] = useState<Set<string>>(new Set())

  const withBusy = async (ids: string[], work: () => Promise<void>) => {
    setBusy((b) => new Set([...b, ...ids]))
    try {
      await work()
    } finally {
      setBusy((b) => new Set([...b].filter((id) => !ids.includes(id))))
    }
  }
  const attempt = (ids: string[], work: () => Promise<string>, failed: string) =>
    withBusy(ids, async () => {
      try {
        notify({ kind: 'success', text: await work() })
      } catch (error) {
        notify({ kind: 'error', text: toUserMessage(error, failed) })
      }
    })
  /** Publishing and unpublishing: the records are read again and the selection cleared. */
  const changePublication = (ids: string[], change: () => Promise<unknown>, done: string, failed: string) =>
    attempt(
      ids,
      async () => {
        await change()
        await folder.refreshRecords()
        clearSelection()
        return done
      },
      failed,
    )

  const publish = (targets: ManagedImage[], single: boolean, success?: string) => {
    if (targets.length === 0) return notify({ kind: 'error', text: messages.gallery.selectToPublish })
    const images: HostImage[] = targets.map(hostFields)
    return changePublication(
      targets.map((t) => t.public_id),
      () => publishMutation.mutateAsync({ images }),
      success ?? (single ? messages.gallery.imagePublished : messages.gallery.published(targets.length)),
      single ? messages.gallery.publishFailedShort : messages.gallery.publishFailed,
    )
  }

  const unpublish = (ids: string[], single: boolean) => {
    if (ids.length === 0) return notify({ kind: 'error', text: messages.gallery.selectToUnpublish })
    return changePublication(
      ids,
      () => unpublishMutation.mutateAsync({ public_ids: ids }),
      single ? messages.gallery.imageUnpublished : messages.gallery.unpublished(ids.length),
      messages.gallery.unpublishFailed,
    )
  }

  /** Deleting takes the photo off /gallery and out of the image host's folder. */
  const remove = (image: ManagedImage) =>
    attempt(
      [image.public_id],
      async () => {
        await deleteMutation.mutateAsync({ public_id: image.public_id, alsoCloudinary: true })
        folder.drop(image.public_id)
        deselect(image.public_id)
        await folder.refreshRecords()
        return messages.gallery.imageDeleted
      },
      messages.gallery.deleteFailed,
    )

  /** Where a photo was taken, saved at once (the record is made, unpublished, for a photo not on /gallery yet). */
  const setPlace = (image: HostImage, change: PhotoPlaceChange) =>
    attempt(
      [image.public_id],
      async () => {
        const { public_id, thumbnail_url: _thumbnail, location: _location, ...fields } = hostFields(image)
        await placeMutation.mutateAsync({ public_id, ...change, image: fields })
        await Promise.all([folder.refreshPlaces(), folder.refreshRecords()])
        return change.latitude === null ? 'Photo taken off the map' : 'Place saved'
      },
      'The place could not be saved',
    )

  return { busy, publish, unpublish, remove, setPlace }
}
