import { useState } from 'react'
import type { GalleryMetadata, HostImage, PhotoPlaceSuggestion } from '@wayfarer/api/schemas'
import { messages } from '@wayfarer/api/messages'
import type { ManagedImage, Notice, TimedNotice } from './gallery-images'
import { useFolderImages } from './use-folder-images'
import { useImageActions } from './use-image-actions'

/**
 * The admin gallery manager for one folder of the image host, in parts: `folder` (what it lists and how it is
 * read), `selection`, `actions` (what the owner does to photos), the one `notice` shown, and the last upload's
 * GPS `placeOffer`.
 */
export function useAdminGallery(folderName: string) {
  // Metadata the AI or the owner wrote, kept here until the image is (re)published.
  const [edits, setEdits] = useState<ReadonlyMap<string, GalleryMetadata>>(new Map())
  const folder = useFolderImages(folderName, edits)
  const selection = useImageSelection(folder.images.map((i) => i.public_id))
  const { notice, notify } = useLatestNotice(folder.problem)
  const [placeOffer, setPlaceOffer] = useState<{ image: HostImage; suggestion: PhotoPlaceSuggestion } | null>(null)
  const actions = useImageActions({
    folder,
    notify,
    clearSelection: selection.clear,
    deselect: (id) => selection.set(id, false),
  })
  const keepEdit = (image: ManagedImage, metadata: GalleryMetadata) =>
    setEdits((m) => new Map(m).set(image.public_id, metadata))
  return {
    folder,
    selection,
    actions: {
      ...actions,
      /** New metadata for one image (from the AI button): kept locally, saved when the image is (re)published. */
      applyMetadata: async (image: ManagedImage, metadata: GalleryMetadata) => {
        keepEdit(image, metadata)
        if (image.published) await actions.publish([{ ...image, ...metadata }], true)
      },
      /**
       * Details written by hand: a published photo is published again with them at once (what /gallery shows);
       * an unpublished one keeps them here until it is published.
       */
      editDetails: async (image: ManagedImage, metadata: GalleryMetadata) => {
        keepEdit(image, metadata)
        if (image.published) await actions.publish([{ ...image, ...metadata }], true, messages.gallery.detailsSaved)
        else notify({ kind: 'info', text: messages.gallery.detailsKept })
      },
    },
    notice,
    notify,
    /** Load and Refresh: the folder from its first page, with no selection and no old notice. */
    reload: (mode: 'load' | 'refresh') => {
      notify(null)
      selection.clear()
      return folder.reload(mode)
    },
    /** A photo just uploaded goes first in the list; what its GPS says is offered, not kept. */
    added: (image: HostImage, suggestion: PhotoPlaceSuggestion | null) => {
      folder.prepend(image)
      setPlaceOffer(suggestion && { image, suggestion })
      notify({ kind: 'success', text: messages.gallery.imageUploaded })
    },
    placeOffer,
    dismissPlaceOffer: () => setPlaceOffer(null),
  }
}

/** The photos ticked for Publish / Unpublish selected. */
function useImageSelection(ids: string[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const change = (id: string, on: (was: boolean) => boolean) =>
    setSelected((s) => (on(s.has(id)) ? new Set(s).add(id) : new Set([...s].filter((x) => x !== id))))
  return {
    selected,
    set: (id: string, on: boolean) => change(id, () => on),
    toggle: (id: string) => change(id, (was) => !was),
    selectAll: () => setSelected(new Set(ids)),
    clear: () => setSelected(new Set()),
  }
}

/** Whichever happened last: a problem reading the folder, or what the owner's last action did. */
function useLatestNotice(problem: TimedNotice | null) {
  const [actionNotice, setActionNotice] = useState<TimedNotice | null>(null)
  const notify = (next: Notice | null) => setActionNotice(next && { ...next, at: Date.now() })
  const notice = problem && (!actionNotice || problem.at >= actionNotice.at) ? problem : actionNotice
  return { notice, notify }
}
