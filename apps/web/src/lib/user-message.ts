import { TRPCClientError } from '@trpc/client'
import { UploadError } from './upload-error'

// The server's own text is meant for people when it refused the input (4xx) or an outside service failed (502,
// e.g. "Gemini is rate limiting"); an internal failure (500) only says "Internal server error", so the
// screen's own words are better there.
const speaksToPeople = (status: number) => (status >= 400 && status < 500) || status === 502

/** The call never got an answer from the server (offline, server down, an answer that is not the API's). */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof TRPCClientError) return !error.data
  return error instanceof UploadError && error.network
}

/**
 * The one way a failed call becomes text on a screen: the server's message when it is meant for people,
 * `networkFallback` when the server could not be reached, otherwise the screen's `fallback`.
 */
export function toUserMessage(error: unknown, fallback: string, networkFallback = fallback): string {
  if (isNetworkError(error)) return networkFallback
  const answer =
    error instanceof TRPCClientError
      ? { status: (error.data as { httpStatus?: number } | undefined)?.httpStatus ?? 0, text: error.message }
      : error instanceof UploadError
        ? { status: error.status, text: error.message }
        : null
  return answer && answer.text && speaksToPeople(answer.status) ? answer.text : fallback
}

/** Whether the server refused the call as too frequent (HTTP 429), e.g. the image host's rate limit. */
export function isRateLimited(error: unknown): boolean {
  if (error instanceof TRPCClientError) return (error.data as { httpStatus?: number } | undefined)?.httpStatus === 429
  return error instanceof UploadError && error.status === 429
}
