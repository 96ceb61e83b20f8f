import { z } from 'zod'
import { isSiteTarget, normalizeFromPath } from './redirect-path'
import { id, searchText, text } from '../input-policy'

export const redirectMessages = {
  badFrom: 'The old address must be a path on this site, starting with /',
  badTarget: 'A redirect can only lead to a page of this site: enter a path starting with / (not another site)',
  sameAddress: 'The old and the new address are the same',
  loop: 'This redirect would send visitors round in a circle: its target leads back to the old address',
  duplicate: 'There is already a redirect from this address',
  notFound: 'Redirect not found',
}

/** An old address answered with 301 (Admin → Settings → Redirects). */
export const redirectItem = z.object({
  id: z.number(),
  from_path: z.string(),
  to_path: z.string(),
  source: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type RedirectItem = z.infer<typeof redirectItem>

export const REDIRECTS_PAGE_SIZE = 20

export const redirectsInput = z
  .object({
    page: z.number().int().min(1).max(100_000).default(1),
    limit: z.number().int().min(1).max(100).default(REDIRECTS_PAGE_SIZE),
    search: searchText(),
  })
  .prefault({})

export const redirectsOutput = z.object({
  redirects: z.array(redirectItem),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }),
})

const fromPath = text('Old address', { error: redirectMessages.badFrom })
  .trim()
  .transform((v, ctx) => {
    // A full old URL is accepted and reduced to its path: owners paste them from their old site.
    const path =
      URL.canParse(v) && /^https?:/i.test(v)
        ? normalizeFromPath(`${new URL(v).pathname}${new URL(v).search}`)
        : normalizeFromPath(v)
    if (!path) {
      ctx.addIssue({ code: 'custom', message: redirectMessages.badFrom })
      return z.NEVER
    }
    return path
  })
const toPath = text('Target', { error: redirectMessages.badTarget })
  .trim()
  .refine(isSiteTarget, redirectMessages.badTarget)

/** The target is the old address itself, however it is spelled ("/a/", "/a?", "/%61"). */
export const sameAddress = (from: string, to: string) => normalizeFromPath(to) === from

export const saveRedirectInput = z
  .object({ from_path: fromPath, to_path: toPath })
  .refine((r) => !sameAddress(r.from_path, r.to_path), {
    message: redirectMessages.sameAddress,
    path: ['to_path'],
  })
export type SaveRedirectInput = z.input<typeof saveRedirectInput>
export const updateRedirectInput = z.object({ id: id('Redirect'), from_path: fromPath, to_path: toPath })
export const redirectIdInput = z.object({ id: id('Redirect') })
