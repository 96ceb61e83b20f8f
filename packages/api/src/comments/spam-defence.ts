import { createHmac } from 'node:crypto'

/**
 * Per-address limits for new comments: a person types for longer than 15 s between comments, and a dozen an
 * hour is already a lively conversation. Anything faster is a script.
 */
export const COMMENT_RATE_WINDOWS = [
  { max: 1, perMs: 15_000 },
  { max: 10, perMs: 3_600_000 },
]

/** Comments with this many links or more are filed as spam for the owner to review (they may re-approve). */
export const SPAM_LINK_THRESHOLD = 2

/**
 * The submitter's address as stored: keyed with the site's secret so the hash cannot be reversed by hashing
 * all 2^32 IPv4 addresses, yet stays stable for rate limits and duplicate detection.
 */
export function hashAddress(secretKey: string, ip: string): string {
  return createHmac('sha256', secretKey).update(`comment-address:${ip}`).digest('hex')
}

/** Counts http(s):// and www. links in a comment's text. */
export function countLinks(content: string): number {
  return content.match(/\bhttps?:\/\/|\bwww\.\S/gi)?.length ?? 0
}

export const looksLikeLinkSpam = (content: string): boolean => countLinks(content) >= SPAM_LINK_THRESHOLD
