import type { AppDeps } from '../deps'
import type { PublicCategory, PublicTag } from './schema'

/** Every category by name, with the number of published posts in it (drafts are not counted). */
export async function listCategories(deps: AppDeps): Promise<PublicCategory[]> {
  const rows = await deps.prisma.category.findMany({
    orderBy: { name: 'asc' },
    include: { _count: { select: { posts: { where: { status: 'published' } } } } },
  })
  return rows.map(({ _count, ...c }) => ({ id: c.id, name: c.name, slug: c.slug, color: c.color, description: c.description, post_count: _count.posts }))
}

export async function listTags(deps: AppDeps): Promise<PublicTag[]> {
  return deps.prisma.tag.findMany({ orderBy: { name: 'asc' }, select: { id: true, name: true, slug: true } })
}
