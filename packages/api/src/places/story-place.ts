import { publicPostSql, publicPostWhere } from '../posts/visibility'
import type { AppDeps } from '../deps'
import { NotFoundError } from '../errors'
import { messages } from '../messages'
import { countryName } from './countries'
import type { StoryPlace } from './schema'

type Deps = Pick<AppDeps, 'prisma'>

const select = {
  slug: true,
  latitude: true,
  longitude: true,
  countryCode: true,
  route: { select: { postId: true } },
} as const

const toStoryPlace = (row: {
  slug: string
  latitude: number | null
  longitude: number | null
  countryCode: string | null
  hasRoute: boolean
}): StoryPlace => ({
  slug: row.slug,
  latitude: row.latitude,
  longitude: row.longitude,
  country_code: row.countryCode,
  country_name: row.countryCode ? countryName(row.countryCode) : null,
  has_route: row.hasRoute,
})

/**
 * places.story: where a published story is (the public post shape of docs/product.md, "The REST contract", stays
 * as it is). One statement: every story page's head asks for it, so it is on the uncached path of every first
 * visit (Prisma's select with the route relation took two statements and its query planning in JavaScript).
 */
export async function findStoryPlace(deps: Deps, slug: string): Promise<StoryPlace | null> {
  const [row] = await deps.prisma.$queryRaw<
    { slug: string; latitude: number | null; longitude: number | null; country_code: string | null; route: boolean }[]
  >`SELECT p."slug", p."latitude", p."longitude", p."country_code",
      EXISTS (SELECT 1 FROM "post_routes" r WHERE r."post_id" = p."id") AS "route"
    FROM "posts" p WHERE p."slug" = ${slug} AND ${publicPostSql('p')} LIMIT 1`
  return row
    ? toStoryPlace({
        slug: row.slug,
        latitude: row.latitude === null ? null : Number(row.latitude),
        longitude: row.longitude === null ? null : Number(row.longitude),
        countryCode: row.country_code,
        hasRoute: row.route,
      })
    : null
}

export async function readStoryPlace(deps: Deps, slug: string): Promise<StoryPlace> {
  const place = await findStoryPlace(deps, slug)
  if (!place) throw new NotFoundError(messages.posts.notFoundText)
  return place
}

/**
 * Any story's place, whatever its status. Only for the owner's draft preview, whose token has already been
 * checked; every public read above keeps the public-post filter.
 */
export async function anyStoryPlace(deps: Deps, postId: number): Promise<StoryPlace> {
  const row = await deps.prisma.post.findUnique({ where: { id: postId }, select })
  if (!row) throw new NotFoundError(messages.posts.notFoundText)
  return toStoryPlace({ ...row, hasRoute: row.route !== null })
}

/** The places of several published stories by slug (the RSS feed). */
export async function storyPlacesBySlug(deps: Deps, slugs: string[]): Promise<Map<string, StoryPlace>> {
  const rows = await deps.prisma.post.findMany({ where: { slug: { in: slugs }, ...publicPostWhere }, select })
  return new Map(rows.map((r) => [r.slug, toStoryPlace({ ...r, hasRoute: r.route !== null })]))
}
