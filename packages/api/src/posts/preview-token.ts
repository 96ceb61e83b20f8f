import { createHmac, timingSafeEqual } from 'node:crypto'

/** How long a "View" link of a draft works: long enough to read and reload it, short enough to go stale. */
export const PREVIEW_TTL_MS = 60 * 60 * 1000

const signature = (secretKey: string, postId: number, expires: number): Buffer =>
  createHmac('sha256', secretKey).update(`post-preview:${postId}:${expires}`).digest()

/**
 * A preview token for one post: `<post id>.<expiry, unix seconds>.<HMAC-SHA-256 of both under the site's
 * secret key>`. Nothing is stored: the server checks the signature and the expiry, so a token cannot be made
 * for another post or kept alive by hand.
 */
export function signPreviewToken(secretKey: string, postId: number, now: Date): { token: string; expiresAt: Date } {
  const expires = Math.floor((now.getTime() + PREVIEW_TTL_MS) / 1000)
  return {
    token: `${postId}.${expires}.${signature(secretKey, postId, expires).toString('base64url')}`,
    expiresAt: new Date(expires * 1000),
  }
}

/** The post id a token was made for, or why it cannot be used. */
export function readPreviewToken(
  secretKey: string,
  token: string,
  now: Date,
): { postId: number } | { problem: 'invalid' | 'expired' } {
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return { problem: 'invalid' }
  const postId = Number(match[1])
  const expires = Number(match[2])
  const given = Buffer.from(match[3]!, 'base64url')
  const expected = signature(secretKey, postId, expires)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { problem: 'invalid' }
  if (expires * 1000 <= now.getTime()) return { problem: 'expired' }
  return { postId }
}
