/** Request-shape limits and constants shared by the server and the web client (browser-safe, and no zod: the web app's
 * route definitions and first screens use them, see apps/web/build-check). */

/** The most calls one tRPC batch may carry: the busiest screen needs fewer, and a bigger batch is refused (400). */
export const MAX_TRPC_BATCH = 10

/** Comments per page on a story and in the moderation queue. */
export const COMMENTS_PAGE_SIZE = 20

/** Posts per page in the owner's posts list. */
export const ADMIN_POSTS_PAGE_SIZE = 10

/** Story cards per page of the blog list, and the most one request may ask for. */
export const POST_CARDS_PAGE_SIZE = 12
export const POST_CARDS_MAX_PAGE_SIZE = 48

/** At least 10 characters and below 2000, counted after trimming (the counter shows the same length). */
export const COMMENT_MIN_LENGTH = 10
export const COMMENT_MAX_LENGTH = 1999
export const COMMENT_COUNTER_LIMIT = 2000

/**
 * The hidden comment form field bots fill in and people never see. A submission that carries it is answered
 * exactly like a real one and stored nowhere, so the bot learns nothing.
 */
export const HONEYPOT_FIELD = 'website_url'

/** The YouTube rule: exactly 11 characters from letters, digits, underscore and hyphen. */
export const VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/

/** Length caps of a contact message: generous for a real note, small enough that nobody stores a novel. */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const
