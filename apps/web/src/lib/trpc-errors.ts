import { TRPCClientError } from '@trpc/client'

/** The call never got an answer from the server (offline, server down). */
export const isNetworkError = (error: unknown): boolean => error instanceof TRPCClientError && !error.data

/** The server's own text for a failed call, or the screen's fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && error.data && error.message) return error.message
  return fallback
}
