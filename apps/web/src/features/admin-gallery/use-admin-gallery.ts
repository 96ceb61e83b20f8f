import { useCallback, useEffect, useMemo, useState } from 'react'
import type { GalleryMetadata, HostImage, PublishedRecord } from '@wayfarer/api/schemas'
import { messages } from '@wayfarer/api/messages'
import { ApiError } from '../../lib/api-fetch'
import * as api from './gallery-admin-api'

export interface Notice {
  kind: 'success' | 'error' | 'info'
  text: string
}

/** A host image as the manager shows it: the published record's metadata wins over the host's. */
export interface ManagedImage extends HostImage {
  published: boolean
}

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError && error.message ? error.message : fallback)

/** State and actions of the admin gallery manager (SPEC.md §2, §7, §8). */
export function useAdminGallery(defaultFolder: string) {
  const [folderInput, setFolderInput] = useState(defaultFolder)
  const [folder, setFolder] = useState(defaultFolder)
  const [hostImages, setHostImages] = useState<HostImage[]>([])
  const [records, setRecords] = useState<Map<string, PublishedRecord>>(new Map())
  const [edits, setEdits] = useState<Map<string, GalleryMetadata>>(new Map())
  const [next, setNext] = useState<string | null>(null)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [loading, setLoading] = useState(true)
  const [loadingMore, setLoadingMore] = useState(false)
  const [busy, setBusy] = useState<Set<string>>(new Set())
  const [notice, setNotice] = useState<Notice | null>(null)

  const onRetry: api.RetryNotice = (attempt, of, waitMs) =>
    setNotice({ kind: 'info', text: `Cloudinary is rate limiting requests. Retrying in ${waitMs / 1000} s (attempt ${attempt} of ${of})…` })

  const loadRecords = useCallback(async () => {
    const list = await api.fetchPublishedRecords()
    setRecords(new Map(list.map((r) => [r.cloudinary_public_id, r])))
  }, [])

  /** Loads the published records and the folder's first page. Refresh failures read 'Failed to refresh gallery'
   * except a rate limit, which keeps its own message after the retries. */
  const load = useCallback(
    async (target: string, mode: 'load' | 'refresh') => {
      setLoading(true)
      setNotice(null)
      try {
        await loadRecords().catch((error: unknown) => {
          throw new ApiError(errorText(error, messages.gallery.loadGalleryFailed), error instanceof ApiError ? error.status : 0)
        })
        const page = await api.fetchHostImages(target, null, onRetry)
        setHostImages(page.images)
        setNext(page.next)
        setSelected(new Set())
        // Only the retry note is stale now; a notice from meanwhile (e.g. an upload that finished) stays.
        setNotice((n) => (n?.kind === 'info' ? null : n))
      } catch (error) {
        const rateLimited = error instanceof ApiError && error.status === 429
        const text = mode === 'refresh' && !rateLimited ? messages.gallery.refreshFailed : errorText(error, messages.gallery.loadImagesFailed)
        setNotice({ kind: 'error', text })
      } finally {
        setLoading(false)
      }
    },
    [loadRecords],
  )

  useEffect(() => {
    void load(defaultFolder, 'load')
  }, [defaultFolder, load])

  const images = useMemo<ManagedImage[]>(
    () =>
      hostImages.map((image) => {
        const record = records.get(image.public_id)
        const edit = edits.get(image.public_id)
        const meta = edit ?? (record ? { title: record.title, caption: record.caption, location: record.location, tags: record.tags } : undefined)
        return { ...image, ...meta, published: record?.is_published ?? false }
      }),
    [hostImages, records, edits],
  )

  const withBusy = async (ids: string[], work: () => Promise<void>) => {
    setBusy((b) => new Set([...b, ...ids]))
    try {
      await work()
    } finally {
      setBusy((b) => new Set([...b].filter((id) => !ids.includes(id))))
    }
  }

  const publish = (targets: ManagedImage[], single: boolean) => {
    if (targets.length === 0) return setNotice({ kind: 'error', text: messages.gallery.selectToPublish })
    const payload: HostImage[] = targets.map(({ published: _published, ...image }) => image)
    return withBusy(
      targets.map((t) => t.public_id),
      async () => {
        try {
          await api.publishImages(payload, single ? messages.gallery.publishFailedShort : messages.gallery.publishFailed)
          await loadRecords()
          setSelected(new Set())
          setNotice({ kind: 'success', text: single ? messages.gallery.imagePublished : messages.gallery.published(targets.length) })
        } catch (error) {
          setNotice({ kind: 'error', text: errorText(error, single ? messages.gallery.publishFailedShort : messages.gallery.publishFailed) })
        }
      },
    )
  }

  const unpublish = (ids: string[], single: boolean) => {
    if (ids.length === 0) return setNotice({ kind: 'error', text: messages.gallery.selectToUnpublish })
    return withBusy(ids, async () => {
      try {
        await api.unpublishImages(ids)
        await loadRecords()
        setSelected(new Set())
        setNotice({ kind: 'success', text: single ? messages.gallery.imageUnpublished : messages.gallery.unpublished(ids.length) })
      } catch (error) {
        setNotice({ kind: 'error', text: errorText(error, messages.gallery.unpublishFailed) })
      }
    })
  }

  const remove = (image: ManagedImage) =>
    withBusy([image.public_id], async () => {
      try {
        await api.deleteImage(image.public_id)
        setHostImages((list) => list.filter((i) => i.public_id !== image.public_id))
        setSelected((s) => new Set([...s].filter((id) => id !== image.public_id)))
        await loadRecords()
      } catch (error) {
        setNotice({ kind: 'error', text: errorText(error, messages.gallery.deleteFailed) })
      }
    })

  const loadMore = async () => {
    if (!next) return
    setLoadingMore(true)
    try {
      const page = await api.fetchHostImages(folder, next, onRetry)
      setHostImages((list) => [...list, ...page.images.filter((i) => !list.some((l) => l.public_id === i.public_id))])
      setNext(page.next)
      setNotice((n) => (n?.kind === 'info' ? null : n))
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error, messages.gallery.loadImagesFailed) })
    } finally {
      setLoadingMore(false)
    }
  }

  const added = (image: HostImage) => {
    setHostImages((list) => [image, ...list])
    setNotice({ kind: 'success', text: messages.gallery.imageUploaded })
  }

  /** New metadata for one image (from the AI button): kept locally, saved when the image is (re)published. */
  const applyMetadata = async (image: ManagedImage, metadata: GalleryMetadata) => {
    setEdits((m) => new Map(m).set(image.public_id, metadata))
    if (image.published) await publish([{ ...image, ...metadata }], true)
  }

  return {
    folderInput,
    setFolderInput,
    folder,
    images,
    next,
    loading,
    loadingMore,
    busy,
    notice,
    setNotice,
    selected,
    toggle: (id: string) => setSelected((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set(s).add(id))),
    selectAll: () => setSelected(new Set(images.map((i) => i.public_id))),
    clearSelection: () => setSelected(new Set()),
    loadFolder: () => {
      const target = folderInput.trim() || defaultFolder
      setFolder(target)
      return load(target, 'load')
    },
    refresh: () => load(folder, 'refresh'),
    loadMore,
    publish,
    unpublish,
    remove,
    added,
    applyMetadata,
  }
}
