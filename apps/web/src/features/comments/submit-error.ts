import { TRPCClientError } from '@trpc/client'

/**
 * The text to show for a failed call: the server's own message when it answered with a client error
 * (validation, rate limit, duplicate), otherwise the screen's fallback (network down, server failure).
 */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof TRPCClientError)) return fallback
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus
  return status !== undefined && status >= 400 && status < 500 && error.message ? error.message : fallback
}
