import { createHmac, timingSafeEqual } from 'node:crypto'

export type LinkPurpose = 'confirm' | 'unsubscribe'

/** How long a link works: a confirmation is for now; an unsubscribe link sits in old mails for a long time. */
const LIFETIME_MS: Record<LinkPurpose, number> = {
  confirm: 7 * 86_400_000,
  unsubscribe: 400 * 86_400_000,
}

const signature = (secretKey: string, purpose: LinkPurpose, id: number, email: string, expires: number) =>
  createHmac('sha256', secretKey)
    .update(`newsletter:${purpose}:${id}:${email.toLowerCase()}:${expires}`)
    .digest('base64url')
    .slice(0, 32)

/** `<id>.<expiry in epoch seconds>.<HMAC>`: bound to the address, so a reused id never matches an old link. */
export function signLink(secretKey: string, purpose: LinkPurpose, id: number, email: string, now: Date): string {
  const expires = Math.floor((now.getTime() + LIFETIME_MS[purpose]) / 1000)
  return `${id}.${expires}.${signature(secretKey, purpose, id, email, expires)}`
}

/** The subscriber id a token names, if it is well formed and unexpired; its address is checked by `verifyLink`. */
export function readLink(token: string, now: Date): { id: number; expires: number; sig: string } | null {
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token)
  if (!match) return null
  const id = Number(match[1])
  const expires = Number(match[2])
  if (expires * 1000 < now.getTime()) return null
  return { id, expires, sig: match[3]! }
}

export function verifyLink(
  secretKey: string,
  purpose: LinkPurpose,
  link: { id: number; expires: number; sig: string },
  email: string,
): boolean {
  const expected = Buffer.from(signature(secretKey, purpose, link.id, email, link.expires))
  const given = Buffer.from(link.sig)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
