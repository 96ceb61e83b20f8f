// The benchmark's data set: N stories with realistic 3–8 KB HTML bodies, categories, tags and comments,
// generated deterministically (the same N gives the same rows) so runs on different code compare like for like.
import type { PrismaClient } from '@wayfarer/db'

/** Small, fast, seedable PRNG (mulberry32): the data set must not change between runs. */
function prng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  return { next, int, pick }
}

const categories = [
  { name: 'Adventure Travel', slug: 'adventure-travel', color: '#EA580C' },
  { name: 'Beach Destinations', slug: 'beach-destinations', color: '#0891B2' },
  { name: 'Cultural Experiences', slug: 'cultural-experiences', color: '#9333EA' },
  { name: 'Travel Tips', slug: 'travel-tips', color: '#16A34A' },
  { name: 'Tech', slug: 'tech', color: '#2563EB' },
  { name: 'Lifestyle', slug: 'lifestyle', color: '#DB2777' },
  { name: 'Food and Drink', slug: 'food-and-drink', color: '#CA8A04' },
  { name: 'Slow Travel', slug: 'slow-travel', color: '#4B5563' },
]

const tagNames = [
  'Hiking', 'Mountains', 'Islands', 'Street Food', 'Budget', 'Photography', 'Drone', 'Festivals', 'Road Trip',
  'Solo Travel', 'Camping', 'Digital Nomad', 'Trains', 'Wildlife', 'Diving', 'Snorkelling', 'Museums', 'Markets',
  'Coffee', 'Wine', 'Sailing', 'Cycling', 'Deserts', 'Jungle', 'Glaciers', 'Hot Springs', 'Temples', 'Old Towns',
  'Night Sky', 'Winter', 'Surfing', 'Kayaking', 'Family', 'Luxury', 'Hostels', 'Van Life', 'Safari', 'Lakes',
  'Waterfalls', 'Volcanoes',
]

const places: [name: string, city: string, country: string][] = [
  ['Annapurna Circuit', 'Pokhara', 'Nepal'], ['El Nido', 'Palawan', 'Philippines'], ['Merzouga', 'Errachidia', 'Morocco'],
  ['Monteverde', 'Puntarenas', 'Costa Rica'], ['Lofoten', 'Svolvær', 'Norway'], ['Sacred Valley', 'Cusco', 'Peru'],
  ['Santorini', 'Fira', 'Greece'], ['Railay Beach', 'Krabi', 'Thailand'], ['Isle of Skye', 'Portree', 'Scotland'],
  ['Algarve', 'Lagos', 'Portugal'], ['Wadi Rum', 'Aqaba', 'Jordan'], ['Ubud', 'Gianyar', 'Indonesia'],
  ['Ladakh', 'Leh', 'India'], ['Hoi An', 'Quang Nam', 'Vietnam'], ['Bora Bora', 'Vaitape', 'French Polynesia'],
  ['Serengeti', 'Arusha', 'Tanzania'], ['Lake Bled', 'Bled', 'Slovenia'], ['Kyoto', 'Kyoto', 'Japan'],
  ['Patagonia', 'El Chaltén', 'Argentina'], ['Banff', 'Banff', 'Canada'], ['Zanzibar', 'Stone Town', 'Tanzania'],
  ['Cappadocia', 'Göreme', 'Turkey'], ['Dolomites', 'Cortina', 'Italy'], ['Atacama', 'San Pedro', 'Chile'],
  ['Galápagos', 'Puerto Ayora', 'Ecuador'], ['Tasmania', 'Hobart', 'Australia'], ['Fiordland', 'Te Anau', 'New Zealand'],
  ['Faroe Islands', 'Tórshavn', 'Denmark'], ['Madeira', 'Funchal', 'Portugal'], ['Luang Prabang', 'Luang Prabang', 'Laos'],
]

const adjectives = [
  'Quiet', 'Wild', 'Golden', 'Hidden', 'Endless', 'Slow', 'Windswept', 'Forgotten', 'Bright', 'Misty', 'Salty',
  'Ancient', 'Lonely', 'Crowded', 'Green', 'Frozen', 'Sunlit', 'Rainy', 'Secret', 'Wandering',
]
const subjects = [
  'Trails', 'Mornings', 'Markets', 'Harbours', 'Roads', 'Valleys', 'Nights', 'Summits', 'Beaches', 'Villages',
  'Rivers', 'Kitchens', 'Trains', 'Ferries', 'Temples', 'Coasts', 'Forests', 'Deserts', 'Gardens', 'Streets',
]
const words = (
  'the and a to of in we our was it for on with at from by this that after before while under over into through ' +
  'morning evening road trail river coast village market bus train ferry mountain valley lake ridge camp tent ' +
  'coffee bread rice noodles spice tea fish fruit rain wind sun snow cloud light shadow map ticket guide local ' +
  'walked climbed watched waited found lost asked shared cooked slept drove crossed followed reached stayed ' +
  'quiet steep warm cold long short old new small wide narrow bright dark early late slow fast friendly ' +
  'stories photos notes hours days weeks miles kilometres steps stairs bridges boats harbour square temple'
).split(' ')

function sentence(r: ReturnType<typeof prng>): string {
  const n = r.int(8, 20)
  const parts = Array.from({ length: n }, () => r.pick(words))
  const text = parts.join(' ')
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
}

const paragraph = (r: ReturnType<typeof prng>) => Array.from({ length: r.int(3, 7) }, () => sentence(r)).join(' ')

/** A story body between 3 and 8 KB, with the kinds of HTML the editor produces. */
export function storyBody(r: ReturnType<typeof prng>, place: string): string {
  const target = r.int(3_000, 8_000)
  const parts: string[] = [`<p>${paragraph(r)}</p>`]
  let size = parts[0]!.length
  while (size < target) {
    const kind = r.int(0, 9)
    const part =
      kind === 0
        ? `<h2>${r.pick(adjectives)} ${r.pick(subjects).toLowerCase()} near ${place}</h2>`
        : kind === 1
          ? `<ul>${Array.from({ length: r.int(3, 5) }, () => `<li>${sentence(r)}</li>`).join('')}</ul>`
          : kind === 2
            ? `<blockquote><p>${sentence(r)}</p></blockquote>`
            : kind === 3
              ? `<p><img src="/media/wayfarer/gallery/photo-${r.int(1, 24)}.jpg" alt="${place}" /></p>`
              : kind === 4
                ? `<p>${sentence(r)} <strong>${sentence(r)}</strong> <a href="https://example.com/${r.int(1, 999)}">${r.pick(words)}</a></p>`
                : `<p>${paragraph(r)}</p>`
    parts.push(part)
    size += part.length
  }
  return parts.join('\n')
}

export interface DatasetSummary {
  posts: number
  published: number
  comments: number
}

/**
 * Writes `count` stories (95 % published) by the first user, with 2–5 tags each; a third get 1–6 approved
 * comments and a few pending ones. About 2 % of titles mention an island, like a real blog's long tail.
 */
export async function generateDataset(prisma: PrismaClient, count: number, seed = 42): Promise<DatasetSummary> {
  const r = prng(seed)
  const author = await prisma.user.findFirstOrThrow({ orderBy: { id: 'asc' } })
  await prisma.category.createMany({ data: categories.map((c) => ({ ...c, description: `${c.name} stories.` })), skipDuplicates: true })
  await prisma.tag.createMany({ data: tagNames.map((name) => ({ name, slug: name.toLowerCase().replace(/\s+/g, '-') })), skipDuplicates: true })
  const categoryIds = (await prisma.category.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((c) => c.id)
  const tagIds = (await prisma.tag.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((t) => t.id)

  const day = 86_400_000
  const start = Date.UTC(2021, 0, 1)
  const batch = 250
  let published = 0
  let comments = 0
  for (let from = 0; from < count; from += batch) {
    const rows = Array.from({ length: Math.min(batch, count - from) }, (_, i) => {
      const n = from + i
      const [name, city, country] = r.pick(places)
      const island = r.next() < 0.02
      const title = `${r.pick(adjectives)} ${r.pick(subjects)} of ${island ? `the ${name} Island` : name} #${n + 1}`
      const isPublished = r.next() < 0.95
      if (isPublished) published++
      const content = storyBody(r, name)
      const at = new Date(start + Math.floor(((n + 1) / count) * 5 * 365 * day) + r.int(0, day))
      return {
        slug: `story-${n + 1}-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        title,
        excerpt: `${sentence(r)} ${sentence(r)}`.slice(0, 280),
        content,
        status: isPublished ? ('published' as const) : ('draft' as const),
        featuredImage: `/media/wayfarer/gallery/photo-${r.int(1, 24)}.jpg`,
        featuredImageAlt: `${name}, ${country}`,
        categoryId: r.pick(categoryIds),
        authorId: author.id,
        locationName: name,
        locationCity: city,
        locationCountry: country,
        metaTitle: title,
        metaDescription: `A story from ${name}, ${country}.`,
        viewCount: r.int(0, 5000),
        readingTime: Math.max(1, Math.round(content.length / 1200)),
        publishedAt: isPublished ? at : null,
        createdAt: at,
        updatedAt: at,
      }
    })
    const created = await prisma.post.createManyAndReturn({ data: rows, select: { id: true, status: true, createdAt: true } })
    const postTags = created.flatMap((p) => {
      const chosen = new Set(Array.from({ length: r.int(2, 5) }, () => r.pick(tagIds)))
      return [...chosen].map((tagId) => ({ postId: p.id, tagId }))
    })
    await prisma.postTag.createMany({ data: postTags })
    const postComments = created
      .filter((p) => p.status === 'published' && r.next() < 0.33)
      .flatMap((p) =>
        Array.from({ length: r.int(1, 6) }, (_, i) => ({
          postId: p.id,
          authorName: `Reader ${r.int(1, 500)}`,
          authorEmail: `reader${r.int(1, 500)}@example.com`,
          content: sentence(r),
          status: i === 0 && r.next() < 0.2 ? ('pending' as const) : ('approved' as const),
          createdAt: new Date(p.createdAt.getTime() + (i + 1) * 3_600_000),
        })),
      )
    if (postComments.length) await prisma.comment.createMany({ data: postComments })
    comments += postComments.length
  }
  return { posts: count, published, comments }
}
