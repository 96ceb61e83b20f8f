import type { AppDeps } from '../deps'
import { NotFoundError } from '../errors'
import { messages } from '../messages'
import { publicPostSql, publicPostWhere } from '../posts/visibility'
import type { PublicCategory, PublicTag } from './schema'

export interface CategoryCounts {
  /** Every category by name, with the number of its published posts (drafts are not counted). */
  categories: PublicCategory[]
  /** All published posts, with or without a category. */
  publishedTotal: number
}

/** The categories with their counts and the number of all published posts, in one statement. */
export async function categoryCounts(deps: Pick<AppDeps, 'prisma'>): Promise<CategoryCounts> {
  const rows = await deps.prisma.$queryRaw<(PublicCategory & { published_total: number })[]>`
    SELECT c."id", c."name", c."slug", c."color", c."description",
      (SELECT count(*)::int FROM "posts" p WHERE p."category_id" = c."id" AND ${publicPostSql('p')}) AS "post_count",
      (SELECT count(*)::int FROM "posts" p WHERE ${publicPostSql('p')}) AS "published_total"
    FROM "categories" c
    ORDER BY c."name"`
  const publishedTotal = rows.length
    ? Number(rows[0]!.published_total)
    : await deps.prisma.post.count({ where: publicPostWhere })
  return {
    categories: rows.map((c) => ({
      id: Number(c.id),
      name: c.name,
      slug: c.slug,
      color: c.color,
      description: c.description,
      post_count: Number(c.post_count),
    })),
    publishedTotal,
  }
}

export async function listCategories(deps: Pick<AppDeps, 'prisma'>): Promise<PublicCategory[]> {
  return (await categoryCounts(deps)).categories
}

/** One category with its count of published posts; 404 when no category has this slug. */
export async function findCategory(deps: Pick<AppDeps, 'prisma'>, slug: string): Promise<PublicCategory> {
  const category = (await listCategories(deps)).find((c) => c.slug === slug)
  if (!category) throw new NotFoundError(messages.posts.categoryNotFound)
  return category
}

export async function listTags(deps: AppDeps): Promise<PublicTag[]> {
  return deps.prisma.tag.findMany({ orderBy: { name: 'asc' }, select: { id: true, name: true, slug: true } })
}
