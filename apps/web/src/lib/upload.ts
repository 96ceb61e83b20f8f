import { authStorage } from './auth-storage'
import { noteStatus } from './api-fetch'

export class UploadError extends Error {
  constructor(
    message: string,
    readonly network: boolean,
  ) {
    super(message)
  }
}

/**
 * Sends one file as the multipart field `image` and reports progress (0..100): fetch cannot report upload
 * progress, XMLHttpRequest can. Resolves with the envelope's `data`.
 */
export function uploadImage<T>(url: string, file: File, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    const token = authStorage.token()
    xhr.open('POST', url)
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    }
    xhr.onload = () => {
      noteStatus(xhr.status, token !== null)
      const body = parseEnvelope<T>(xhr.responseText)
      if (xhr.status >= 200 && xhr.status < 300 && body?.success) resolve(body.data as T)
      else reject(new UploadError(body?.error ?? '', false))
    }
    xhr.onerror = () => reject(new UploadError('', true))
    const form = new FormData()
    form.append('image', file)
    xhr.send(form)
  })
}

function parseEnvelope<T>(text: string): { success?: boolean; data?: T; error?: string } | null {
  try {
    return JSON.parse(text) as { success?: boolean; data?: T; error?: string }
  } catch {
    return null
  }
}
