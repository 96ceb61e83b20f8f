import { EXPORT_PATH } from '@wayfarer/api/schemas'
import { authStorage } from '../../lib/auth-storage'
import { sessionEvents } from '../../lib/session-events'

/**
 * Downloads the whole site as a Wayfarer archive. The owner's session is a bearer token, which a plain link
 * cannot carry, so the archive is fetched and handed to the browser as a file. Resolves with the file's name.
 */
export async function downloadExport(): Promise<string> {
  const token = authStorage.token()
  let response: Response
  try {
    response = await fetch(EXPORT_PATH, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  } catch {
    throw new Error('Could not reach the server. Please check your connection.')
  }
  if (response.status === 401 && token) sessionEvents.expired()
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null
    throw new Error(typeof body?.error === 'string' && response.status < 500 ? body.error : 'The export failed. Please try again.')
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'wayfarer-export.zip'
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
  return name
}
