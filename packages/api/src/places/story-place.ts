import { publicPostWhere } from '../posts/visibility'
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
  route: { postId: number } | null
}): StoryPlace => ({
  slug: row.slug,
  latitude: row.latitude,
  longitude: row.longitude,
  country_code: row.countryCode,
  country_name: row.countryCode ? countryName(row.countryCode) : null,
  has_route: row.route !== null,
})

/** places.story: where a published story is (the public post shape of docs/product.md, "The REST contract", stays as it is). */
export async function findStoryPlace(deps: Deps, slug: string): Promise<StoryPlace | null> {
  const row = await deps.prisma.post.findFirst({ where: { slug, ...publicPostWhere }, select })
  return row ? toStoryPlace(row) : null
}

export async function readStoryPlace(deps: Deps, slug: string): Promise<StoryPlace> {
  const place = await findStoryPlace(deps, slug)
  if (!place) throw new NotFoundError(messages.posts.notFoundText)
  return place
}

/** The places of several published stories by slug (the RSS feed). */
export async function storyPlacesBySlug(deps: Deps, slugs: string[]): Promise<Map<string, StoryPlace>> {
  const rows = await deps.prisma.post.findMany({ where: { slug: { in: slugs }, ...publicPostWhere }, select })
  return new Map(rows.map((r) => [r.slug, toStoryPlace(r)]))
}
