import type { HostImage, PublishedRecord } from '@wayfarer/api/schemas'
import { messages } from '@wayfarer/api/messages'
import { ApiError, apiFetch, bearerHeader, noteStatus, type Envelope } from '../../lib/api-fetch'

// SPEC.md §7/§9: a 429 on the gallery fetch is retried twice, after 2 s and then 4 s.
export const RATE_LIMIT_BACKOFF_MS = [2000, 4000] as const

export interface HostPage {
  images: HostImage[]
  next: string | null
}

/** Called before each retry so the screen can say what is happening. */
export type RetryNotice = (attempt: number, of: number, waitMs: number) => void

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** GET /api/gallery/cloudinary with the client-side 429 retries; other failures are thrown at once. */
export async function fetchHostImages(folder: string, next: string | null, onRetry: RetryNotice): Promise<HostPage> {
  const query = new URLSearchParams({ limit: '40', folder })
  if (next) query.set('next', next)
  for (let attempt = 0; ; attempt++) {
    const response = await rawFetch(`/api/gallery/cloudinary?${query}`)
    if (response.status === 429 && attempt < RATE_LIMIT_BACKOFF_MS.length) {
      const wait = RATE_LIMIT_BACKOFF_MS[attempt]!
      onRetry(attempt + 1, RATE_LIMIT_BACKOFF_MS.length, wait)
      await sleep(wait)
      continue
    }
    const body = (await response.json().catch(() => null)) as (Envelope<HostImage[]> & { pagination?: { next?: string | null } }) | null
    if (!response.ok || !body || !body.success) {
      const fallback = response.status === 429 ? messages.gallery.rateLimited : messages.gallery.loadImagesFailed
      throw new ApiError(body && !body.success && body.error ? body.error : fallback, response.status)
    }
    return { images: body.data, next: body.pagination?.next ?? null }
  }
}

async function rawFetch(path: string): Promise<Response> {
  const auth = bearerHeader()
  try {
    const response = await fetch(path, { headers: auth })
    noteStatus(response.status, 'authorization' in auth)
    return response
  } catch {
    throw new ApiError(messages.gallery.loadImagesFailed, 0)
  }
}

export const fetchPublishedRecords = () => apiFetch<PublishedRecord[]>('/api/gallery/admin?limit=1000', {}, messages.gallery.loadGalleryFailed)

export const publishImages = (images: HostImage[], fallback: string) =>
  apiFetch<PublishedRecord[]>('/api/gallery/publish', { method: 'POST', body: JSON.stringify({ images }) }, fallback)

export const unpublishImages = (publicIds: string[]) =>
  apiFetch<{ unpublished: number }>('/api/gallery/unpublish', { method: 'POST', body: JSON.stringify({ public_ids: publicIds }) }, messages.gallery.unpublishFailed)

export const deleteImage = (publicId: string) =>
  apiFetch<{ deleted: true }>('/api/gallery/delete', { method: 'DELETE', body: JSON.stringify({ public_id: publicId, alsoCloudinary: true }) }, messages.gallery.deleteFailed)

/** The client-side checks of SPEC.md §5 before any byte is sent; the server checks the content again. */
export function checkImageFile(file: File): string | undefined {
  if (!file.type.startsWith('image/')) return messages.upload.notImage
  if (file.size > 10 * 1024 * 1024) return messages.upload.tooLarge
  return undefined
}

/** POST /api/gallery/upload through XMLHttpRequest, the one browser API that reports upload progress. */
export function uploadImage(file: File, folder: string, onProgress: (percent: number) => void): Promise<HostImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    const auth = bearerHeader()
    request.open('POST', `/api/gallery/upload?${new URLSearchParams({ folder })}`)
    for (const [name, value] of Object.entries(auth)) request.setRequestHeader(name, value)
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    }
    request.onload = () => {
      noteStatus(request.status, 'authorization' in auth)
      let body: Envelope<HostImage> | null
      try {
        body = JSON.parse(request.responseText) as Envelope<HostImage>
      } catch {
        body = null
      }
      if (request.status >= 200 && request.status < 300 && body?.success) resolve(body.data)
      else reject(new ApiError(body && !body.success && body.error ? body.error : messages.gallery.uploadFailed, request.status))
    }
    request.onerror = () => reject(new ApiError(messages.upload.network, 0))
    const form = new FormData()
    form.append('image', file)
    request.send(form)
  })
}
