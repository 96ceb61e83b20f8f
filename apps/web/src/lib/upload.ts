import { z } from 'zod'
import { MAX_IMAGE_BYTES } from '@wayfarer/api/schemas'
import { messages } from '@wayfarer/api/messages'
import { authStorage } from './auth-storage'
import { sessionEvents } from './session-events'
import { UploadError } from './upload-error'

export { UploadError } from './upload-error'

/** The browser's checks (an image, under 10 MB) before any byte is sent; the server checks the content again. */
export function checkImageFile(file: File): string | undefined {
  if (!file.type.startsWith('image/')) return messages.upload.notImage
  if (file.size > MAX_IMAGE_BYTES) return messages.upload.tooLarge
  return undefined
}

/**
 * The one uploader: sends `file` as the multipart field `image` to a REST upload path (multipart stays REST),
 * reports progress 0..100 (fetch cannot report upload progress, XMLHttpRequest can) and resolves with the
 * envelope's `data`, checked against `schema`. A 401 on a signed-in upload signs the owner out like any call.
 */
export function uploadImage<T>(
  url: string,
  file: File,
  schema: z.ZodType<T>,
  onProgress: (percent: number) => void,
): Promise<T> {
  return uploadFile(url, 'image', file, schema, onProgress)
}

/** The same for any file, sent in the multipart field `field` (the import screen's export file). */
export function uploadFile<T>(
  url: string,
  field: string,
  file: File,
  schema: z.ZodType<T>,
  onProgress: (percent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    const token = authStorage.token()
    xhr.open('POST', url)
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    }
    xhr.onload = () => {
      if (xhr.status === 401 && token) sessionEvents.expired()
      const body = parseEnvelope(xhr.responseText)
      const data = body?.success ? schema.safeParse(body.data) : undefined
      if (xhr.status >= 200 && xhr.status < 300 && data?.success) resolve(data.data)
      else reject(new UploadError(body?.error ?? '', xhr.status))
    }
    xhr.onerror = () => reject(new UploadError('', 0, true))
    const form = new FormData()
    form.append(field, file)
    xhr.send(form)
  })
}

/**
 * Downloads a file from an owner-only path (the site export): the session is a bearer token, which a plain link
 * cannot carry, so the file is fetched and handed to the browser as a download. Resolves with the file's name;
 * a refusal rejects with the server's text (or `failed` for a server fault), like the uploader.
 */
export async function downloadFile(url: string, fallbackName: string, failed: string): Promise<string> {
  const token = authStorage.token()
  let response: Response
  try {
    response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  } catch {
    throw new UploadError('Could not reach the server. Please check your connection.', 0, true)
  }
  if (response.status === 401 && token) sessionEvents.expired()
  if (!response.ok) {
    const body = parseEnvelope(await response.text().catch(() => ''))
    throw new UploadError(body?.error && response.status < 500 ? body.error : failed, response.status)
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName
  const href = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = href
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(href), 60_000)
  return name
}

// The REST envelope ({success, data} or {success: false, error}), as far as the uploader needs it.
const envelope = z.object({ success: z.boolean(), data: z.unknown().optional(), error: z.string().optional() })

function parseEnvelope(text: string): z.infer<typeof envelope> | null {
  try {
    return envelope.safeParse(JSON.parse(text)).data ?? null
  } catch {
    return null
  }
}
