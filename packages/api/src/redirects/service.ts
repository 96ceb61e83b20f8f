import type { Prisma, PrismaClient, RedirectModel } from '@wayfarer/db'
import type { AppDeps } from '../deps'
import { ConflictError, InvalidInputError, isUniqueViolation, NotFoundError } from '../errors'
import { isSiteTarget, lookupKeys, siteLocation } from './redirect-path'
import { redirectMessages, sameAddress, type RedirectItem } from './schema'

const toItem = (r: RedirectModel): RedirectItem => ({
  id: r.id,
  from_path: r.fromPath,
  to_path: r.toPath,
  source: r.source,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
})

export async function listRedirects(
  deps: Pick<AppDeps, 'prisma'>,
  input: { page: number; limit: number; search?: string | undefined },
) {
  const where: Prisma.RedirectWhereInput = input.search
    ? {
        OR: [
          { fromPath: { contains: input.search, mode: 'insensitive' } },
          { toPath: { contains: input.search, mode: 'insensitive' } },
        ],
      }
    : {}
  const [rows, total] = await Promise.all([
    deps.prisma.redirect.findMany({
      where,
      orderBy: [{ fromPath: 'asc' }],
      take: input.limit,
      skip: (input.page - 1) * input.limit,
    }),
    deps.prisma.redirect.count({ where }),
  ])
  return {
    redirects: rows.map(toItem),
    pagination: { page: input.page, limit: input.limit, total, pages: Math.max(1, Math.ceil(total / input.limit)) },
  }
}

export async function createRedirect(
  deps: Pick<AppDeps, 'prisma'>,
  input: { from_path: string; to_path: string },
): Promise<RedirectItem> {
  await refuseLoop(deps.prisma, input.from_path, input.to_path)
  try {
    return toItem(
      await deps.prisma.redirect.create({
        data: { fromPath: input.from_path, toPath: input.to_path, source: 'manual' },
      }),
    )
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(redirectMessages.duplicate)
    throw error
  }
}

export async function updateRedirect(
  deps: Pick<AppDeps, 'prisma'>,
  input: { id: number; from_path: string; to_path: string },
): Promise<RedirectItem> {
  if (sameAddress(input.from_path, input.to_path)) throw new InvalidInputError(redirectMessages.sameAddress)
  await refuseLoop(deps.prisma, input.from_path, input.to_path, input.id)
  try {
    const { count } = await deps.prisma.redirect.updateMany({
      where: { id: input.id },
      data: { fromPath: input.from_path, toPath: input.to_path },
    })
    if (!count) throw new NotFoundError(redirectMessages.notFound)
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(redirectMessages.duplicate)
    throw error
  }
  return toItem(await deps.prisma.redirect.findUniqueOrThrow({ where: { id: input.id } }))
}

export async function deleteRedirect(deps: Pick<AppDeps, 'prisma'>, id: number): Promise<{ id: number }> {
  const { count } = await deps.prisma.redirect.deleteMany({ where: { id } })
  if (!count) throw new NotFoundError(redirectMessages.notFound)
  return { id }
}

/**
 * Where an old address now lives, or null. Addresses with a query (WordPress's /?p=123) are answered even on
 * a real page such as the home page; plain paths only when `isRealPage` says the site has no page there, so
 * a redirect can never hide a real page. A stored target that is not a site path is never followed.
 */
export async function findRedirect(
  prisma: PrismaClient,
  url: string,
  isRealPage: () => Promise<boolean>,
): Promise<string | null> {
  const target = await storedTarget(prisma, url, isRealPage)
  return target === null ? null : siteLocation(target)
}

async function storedTarget(
  prisma: PrismaClient,
  url: string,
  isRealPage: () => Promise<boolean>,
): Promise<string | null> {
  const pick = (rows: { fromPath: string; toPath: string }[], order: string[]) =>
    order
      .map((k) => rows.find((r) => r.fromPath === k)?.toPath)
      .find((t): t is string => t !== undefined && isSiteTarget(t)) ?? null
  const keys = lookupKeys(url)
  if (keys.withQuery.length) {
    const rows = await prisma.redirect.findMany({
      where: { fromPath: { in: keys.withQuery } },
      select: { fromPath: true, toPath: true },
    })
    const target = pick(rows, keys.withQuery)
    if (target) return target
  }
  // The site's own page wins over a stored redirect; asked first, since the page (its head) is needed anyway
  // when there is one, and then no redirect needs looking up.
  if (!keys.path || (await isRealPage())) return null
  const row = await prisma.redirect.findUnique({
    where: { fromPath: keys.path },
    select: { fromPath: true, toPath: true },
  })
  return row ? pick([row], [keys.path]) : null
}

/** Longer chains than this are refused too: browsers give up after about 20 redirects. */
const MAX_CHAIN = 20

/**
 * Refuses a redirect whose target, followed through the stored redirects as a visitor's browser would (with
 * the one being saved in place of `replacing`), comes back to its own old address: `/a` → `/a?`, two
 * redirects to each other, a chain back to the start. Checked whether or not a real page would stop the
 * chain: a loop waiting for a page to be deleted is refused as well.
 */
async function refuseLoop(prisma: PrismaClient, from: string, to: string, replacing?: number): Promise<void> {
  let current = to
  for (let step = 0; step < MAX_CHAIN; step++) {
    const keys = lookupKeys(current)
    const order = [...keys.withQuery, ...(keys.path ? [keys.path] : [])]
    if (order.includes(from)) throw new InvalidInputError(redirectMessages.loop)
    const rows = await prisma.redirect.findMany({
      where: { fromPath: { in: order }, ...(replacing ? { id: { not: replacing } } : {}) },
      select: { fromPath: true, toPath: true },
    })
    const next = order.map((k) => rows.find((r) => r.fromPath === k)?.toPath).find((t) => t !== undefined)
    if (next === undefined) return
    current = next
  }
  throw new InvalidInputError(redirectMessages.loop)
}
