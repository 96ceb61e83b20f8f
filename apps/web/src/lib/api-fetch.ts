import { authStorage } from './auth-storage'
import { sessionEvents } from './session-events'

/** The REST envelope of SPEC.md §3. */
export type Envelope<T> = { success: true; data: T; pagination?: unknown; message?: string } | { success: false; error: string }

/** Thrown when the request never got an answer (offline, server down). */
export class NetworkError extends Error {}

/** Thrown when the server answered with an error envelope or a non-OK status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/** Authorisation header for the stored session, if any (SPEC.md §6: every admin call carries it). */
export function bearerHeader(): Record<string, string> {
  const token = authStorage.token()
  return token ? { authorization: `Bearer ${token}` } : {}
}

/** A 401 on a request that carried a session means the session is gone: sign out everywhere. */
export function noteStatus(status: number, sentToken: boolean): void {
  if (status === 401 && sentToken) sessionEvents.expired()
}

/**
 * Calls a REST path of SPEC.md §7 with the stored bearer token and returns `data`. A non-OK answer throws
 * ApiError with the server's text (or `fallback`); no answer at all throws NetworkError.
 */
export async function apiFetch<T>(path: string, init: RequestInit = {}, fallback = 'Request failed'): Promise<T> {
  const auth = bearerHeader()
  const headers = new Headers(init.headers)
  for (const [k, v] of Object.entries(auth)) headers.set(k, v)
  if (init.body && typeof init.body === 'string') headers.set('content-type', 'application/json')
  let response: Response
  try {
    response = await fetch(path, { ...init, headers })
  } catch {
    throw new NetworkError('Network error')
  }
  noteStatus(response.status, 'authorization' in auth)
  const body = (await response.json().catch(() => null)) as Envelope<T> | null
  if (!response.ok || !body || !body.success) {
    throw new ApiError(body && !body.success && body.error ? body.error : fallback, response.status)
  }
  return body.data
}
