import type { PrismaClient } from '@wayfarer/db'

export interface ReadingFixturePost {
  slug: string
  title: string
  excerpt?: string
  content?: string
  status?: 'draft' | 'published' | 'archived'
  category?: 'adventure' | 'beach' | null
  location?: { name: string; city: string; country: string }
  tags?: string[]
  daysAgo?: number
  views?: number
  featuredImage?: string | null
}

/**
 * The blog's reading stories: four published a day apart (three with a place, two with tags) and a draft. The
 * list, cards and search tests read them; a test adds its own after them.
 */
export const readingStories: ReadingFixturePost[] = [
  {
    slug: 'annapurna-circuit',
    title: 'Ten Days on the Annapurna Circuit',
    category: 'adventure',
    daysAgo: 1,
    views: 10,
    excerpt: 'Teahouses and high passes on a long hike.',
    tags: ['Hiking', 'Budget'],
    location: { name: 'Annapurna Circuit', city: 'Pokhara', country: 'Nepal' },
  },
  {
    slug: 'el-nido',
    title: 'Island Hopping in El Nido',
    category: 'beach',
    daysAgo: 2,
    tags: ['Islands'],
    excerpt: 'Lagoons without the crowds, and a short hike to a viewpoint.',
    location: { name: 'El Nido', city: 'El Nido', country: 'Philippines' },
  },
  {
    slug: 'sahara-night',
    title: 'A Night in the Sahara',
    category: 'adventure',
    daysAgo: 3,
    location: { name: 'Erg Chebbi', city: 'Merzouga', country: 'Morocco' },
  },
  {
    slug: 'packing-light',
    title: 'How We Pack Light',
    category: null,
    daysAgo: 4,
    excerpt: '100% carry-on: the list.',
  },
  { slug: 'secret-draft', title: 'Draft About the Annapurna', status: 'draft', category: 'adventure', daysAgo: 0 },
]

/**
 * A small, fully known set of categories, tags and posts for the reading tests (the demo seed is too large
 * to reason about). Dates count back from `now`, so "newest first" is checkable.
 */
export async function createReadingFixtures(prisma: PrismaClient, posts: ReadingFixturePost[], now = new Date()) {
  const author = await prisma.user.update({
    where: { id: (await prisma.user.findFirstOrThrow({ orderBy: { id: 'asc' } })).id },
    data: { firstName: 'Ada', lastName: 'Walker' },
  })
  const adventure = await prisma.category.create({
    data: { name: 'Adventure Travel', slug: 'adventure-travel', color: '#EA580C' },
  })
  const beach = await prisma.category.create({
    data: { name: 'Beach Destinations', slug: 'beach-destinations', color: '#0891B2' },
  })
  await prisma.category.create({ data: { name: 'Tech', slug: 'tech' } })
  const tagIds = new Map<string, number>()
  for (const name of ['Hiking', 'Islands', 'Budget']) {
    tagIds.set(name, (await prisma.tag.create({ data: { name, slug: name.toLowerCase() } })).id)
  }
  const categoryIds = { adventure: adventure.id, beach: beach.id }
  for (const p of posts) {
    const status = p.status ?? 'published'
    const at = new Date(now.getTime() - (p.daysAgo ?? 1) * 86_400_000)
    await prisma.post.create({
      data: {
        slug: p.slug,
        title: p.title,
        excerpt: p.excerpt ?? '',
        // Stored as the sanitising client would store it: a title's markup as text.
        content: p.content ?? `<p>${p.title.replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`,
        status,
        featuredImage: p.featuredImage === undefined ? `/media/gallery/${p.slug}.webp` : p.featuredImage,
        featuredImageAlt: `${p.title} photo`,
        categoryId: p.category ? categoryIds[p.category] : null,
        authorId: author.id,
        locationName: p.location?.name ?? null,
        locationCity: p.location?.city ?? null,
        locationCountry: p.location?.country ?? null,
        metaTitle: `${p.title} | meta`,
        metaDescription: p.excerpt ?? null,
        views: { create: { count: p.views ?? 0 } },
        readingTime: 4,
        publishedAt: status === 'published' ? at : null,
        createdAt: at,
        tags: { create: (p.tags ?? []).map((t) => ({ tagId: tagIds.get(t)! })) },
      },
    })
  }
  return { author, categories: { adventure, beach } }
}
