// The benchmark's data set: N stories with realistic 3–8 KB HTML bodies, categories, tags and comments,
// generated deterministically (the same N gives the same rows) so runs on different code compare like for like.
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { PrismaClient } from '@wayfarer/db'
import { hashTrackToken } from '@wayfarer/api'
import { renderLandscape } from '../src/seed/landscapes'

/** The pictures every story, trip and gallery row of the data set points at: /media/wayfarer/gallery/photo-1…24.jpg. */
const BENCH_PHOTOS = 24

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
  'Hiking',
  'Mountains',
  'Islands',
  'Street Food',
  'Budget',
  'Photography',
  'Drone',
  'Festivals',
  'Road Trip',
  'Solo Travel',
  'Camping',
  'Digital Nomad',
  'Trains',
  'Wildlife',
  'Diving',
  'Snorkelling',
  'Museums',
  'Markets',
  'Coffee',
  'Wine',
  'Sailing',
  'Cycling',
  'Deserts',
  'Jungle',
  'Glaciers',
  'Hot Springs',
  'Temples',
  'Old Towns',
  'Night Sky',
  'Winter',
  'Surfing',
  'Kayaking',
  'Family',
  'Luxury',
  'Hostels',
  'Van Life',
  'Safari',
  'Lakes',
  'Waterfalls',
  'Volcanoes',
]

/** Name, city, country text, ISO code and a point (latitude, longitude) near the place. */
const places: [name: string, city: string, country: string, code: string, lat: number, lng: number][] = [
  ['Annapurna Circuit', 'Pokhara', 'Nepal', 'NP', 28.6, 84.0],
  ['El Nido', 'Palawan', 'Philippines', 'PH', 11.2, 119.4],
  ['Merzouga', 'Errachidia', 'Morocco', 'MA', 31.1, -4.0],
  ['Monteverde', 'Puntarenas', 'Costa Rica', 'CR', 10.3, -84.8],
  ['Lofoten', 'Svolvær', 'Norway', 'NO', 68.2, 14.0],
  ['Sacred Valley', 'Cusco', 'Peru', 'PE', -13.3, -72.1],
  ['Santorini', 'Fira', 'Greece', 'GR', 36.4, 25.4],
  ['Railay Beach', 'Krabi', 'Thailand', 'TH', 8.0, 98.8],
  ['Isle of Skye', 'Portree', 'Scotland', 'GB', 57.3, -6.2],
  ['Algarve', 'Lagos', 'Portugal', 'PT', 37.1, -8.7],
  ['Wadi Rum', 'Aqaba', 'Jordan', 'JO', 29.6, 35.4],
  ['Ubud', 'Gianyar', 'Indonesia', 'ID', -8.5, 115.3],
  ['Ladakh', 'Leh', 'India', 'IN', 34.2, 77.6],
  ['Hoi An', 'Quang Nam', 'Vietnam', 'VN', 15.9, 108.3],
  ['Bora Bora', 'Vaitape', 'French Polynesia', 'PF', -16.5, -151.7],
  ['Serengeti', 'Arusha', 'Tanzania', 'TZ', -2.3, 34.8],
  ['Lake Bled', 'Bled', 'Slovenia', 'SI', 46.4, 14.1],
  ['Kyoto', 'Kyoto', 'Japan', 'JP', 35.0, 135.8],
  ['Patagonia', 'El Chaltén', 'Argentina', 'AR', -49.3, -72.9],
  ['Banff', 'Banff', 'Canada', 'CA', 51.2, -115.6],
  ['Zanzibar', 'Stone Town', 'Tanzania', 'TZ', -6.2, 39.2],
  ['Cappadocia', 'Göreme', 'Turkey', 'TR', 38.6, 34.8],
  ['Dolomites', 'Cortina', 'Italy', 'IT', 46.5, 12.1],
  ['Atacama', 'San Pedro', 'Chile', 'CL', -22.9, -68.2],
  ['Galápagos', 'Puerto Ayora', 'Ecuador', 'EC', -0.7, -90.3],
  ['Tasmania', 'Hobart', 'Australia', 'AU', -42.9, 147.3],
  ['Fiordland', 'Te Anau', 'New Zealand', 'NZ', -45.4, 167.7],
  ['Faroe Islands', 'Tórshavn', 'Denmark', 'FO', 62.0, -6.8],
  ['Madeira', 'Funchal', 'Portugal', 'PT', 32.7, -16.9],
  ['Luang Prabang', 'Luang Prabang', 'Laos', 'LA', 19.9, 102.1],
]

const adjectives = [
  'Quiet',
  'Wild',
  'Golden',
  'Hidden',
  'Endless',
  'Slow',
  'Windswept',
  'Forgotten',
  'Bright',
  'Misty',
  'Salty',
  'Ancient',
  'Lonely',
  'Crowded',
  'Green',
  'Frozen',
  'Sunlit',
  'Rainy',
  'Secret',
  'Wandering',
]
const subjects = [
  'Trails',
  'Mornings',
  'Markets',
  'Harbours',
  'Roads',
  'Valleys',
  'Nights',
  'Summits',
  'Beaches',
  'Villages',
  'Rivers',
  'Kitchens',
  'Trains',
  'Ferries',
  'Temples',
  'Coasts',
  'Forests',
  'Deserts',
  'Gardens',
  'Streets',
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
              ? `<p><img src="/media/wayfarer/gallery/photo-${r.int(1, BENCH_PHOTOS)}.jpg" alt="${place}" /></p>`
              : kind === 4
                ? `<p>${sentence(r)} <strong>${sentence(r)}</strong> <a href="https://example.com/${r.int(1, 999)}">${r.pick(words)}</a></p>`
                : `<p>${paragraph(r)}</p>`
    parts.push(part)
    size += part.length
  }
  return parts.join('\n')
}

/**
 * Puts the data set's 24 pictures into the local image store under `imagesRoot` (a data dir's `images`), as the
 * store keeps an upload: the file and its sidecar. Without them every picture of the site is a 404, and a browser
 * measurement (bench:web) would time the home page's fallback picture instead of its hero.
 */
export async function writeBenchPhotos(imagesRoot: string): Promise<void> {
  const dir = path.join(imagesRoot, 'wayfarer', 'gallery')
  await mkdir(dir, { recursive: true })
  for (let n = 1; n <= BENCH_PHOTOS; n++) {
    if (existsSync(path.join(dir, `photo-${n}.json`))) continue
    await writeFile(path.join(dir, `photo-${n}.jpg`), await renderLandscape(n, 1600, 1067))
    const sidecar = {
      width: 1600,
      height: 1067,
      format: 'jpeg',
      title: `Photo ${n}`,
      created_at: new Date(0).toISOString(),
    }
    await writeFile(path.join(dir, `photo-${n}.json`), JSON.stringify(sidecar))
  }
}

export interface DatasetSummary {
  posts: number
  published: number
  comments: number
  photos: number
}

/** Photos per story in the gallery (50,000 photos at 10,000 stories, for the map's benchmark). */
const PHOTOS_PER_STORY = 5

/**
 * Writes `count` stories (95 % published) by the first user, with 2–5 tags each; a third get 1–6 approved
 * comments and a few pending ones. About 2 % of titles mention an island, like a real blog's long tail.
 * Every story has a point near its place (within about 50 km) and five published gallery photos around it.
 * The points come from their own generator, so the stories' text is the same as before points were added.
 */
export async function generateDataset(prisma: PrismaClient, count: number, seed = 42): Promise<DatasetSummary> {
  const r = prng(seed)
  const nearby = prng(seed + 1)
  const jitter = () => (nearby.next() - 0.5) * 0.9
  const author = await prisma.user.findFirstOrThrow({ orderBy: { id: 'asc' } })
  await prisma.category.createMany({
    data: categories.map((c) => ({ ...c, description: `${c.name} stories.` })),
    skipDuplicates: true,
  })
  await prisma.tag.createMany({
    data: tagNames.map((name) => ({ name, slug: name.toLowerCase().replace(/\s+/g, '-') })),
    skipDuplicates: true,
  })
  const categoryIds = (await prisma.category.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map(
    (c) => c.id,
  )
  const tagIds = (await prisma.tag.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((t) => t.id)

  const day = 86_400_000
  const start = Date.UTC(2021, 0, 1)
  const batch = 250
  let published = 0
  let comments = 0
  for (let from = 0; from < count; from += batch) {
    const rows = Array.from({ length: Math.min(batch, count - from) }, (_, i) => {
      const n = from + i
      const [name, city, country, code, lat, lng] = r.pick(places)
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
        featuredImage: `/media/wayfarer/gallery/photo-${r.int(1, BENCH_PHOTOS)}.jpg`,
        featuredImageAlt: `${name}, ${country}`,
        categoryId: r.pick(categoryIds),
        authorId: author.id,
        locationName: name,
        locationCity: city,
        locationCountry: country,
        countryCode: code,
        latitude: lat + jitter(),
        longitude: lng + jitter(),
        metaTitle: title,
        metaDescription: `A story from ${name}, ${country}.`,
        viewCount: r.int(0, 5000),
        readingTime: Math.max(1, Math.round(content.length / 1200)),
        publishedAt: isPublished ? at : null,
        createdAt: at,
        updatedAt: at,
      }
    })
    const created = await prisma.post.createManyAndReturn({
      data: rows.map(({ viewCount: _views, ...row }) => row),
      select: { id: true, status: true, createdAt: true },
    })
    // RETURNING gives the rows in the order they were inserted.
    await prisma.postView.createMany({ data: created.map((p, i) => ({ postId: p.id, count: rows[i]!.viewCount })) })
    await prisma.galleryImage.createMany({
      data: rows.flatMap((row, i) =>
        Array.from({ length: PHOTOS_PER_STORY }, (_, k) => {
          const n = (from + i) * PHOTOS_PER_STORY + k + 1
          return {
            publicId: `wayfarer/bench/photo-${n}`,
            url: `/media/wayfarer/gallery/photo-${(n % BENCH_PHOTOS) + 1}.jpg`,
            width: 1600,
            height: 1067,
            format: 'jpg',
            folder: 'wayfarer/bench',
            title: `${row.locationName} ${k + 1}`,
            location: `${row.locationName}, ${row.locationCountry}`,
            countryCode: row.countryCode,
            latitude: row.latitude + jitter() / 10,
            longitude: row.longitude + jitter() / 10,
            takenAt: row.createdAt,
            createdAt: row.createdAt,
          }
        }),
      ),
    })
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
  return { posts: count, published, comments, photos: count * PHOTOS_PER_STORY }
}

/**
 * `count` distinct searches a reader could type on this data set (deterministic): a place, a word of the titles or
 * of the stories' text, alone or as two words, some as the first letters of a word (the box searches as one types).
 */
export function distinctSearches(count: number, seed = 11): string[] {
  const r = prng(seed)
  const vocabulary = [
    ...places.map(([name]) => name.toLowerCase()),
    ...places.map(([, , country]) => country.toLowerCase()),
    ...adjectives.map((w) => w.toLowerCase()),
    ...subjects.map((w) => w.toLowerCase()),
    ...words.filter((w) => w.length > 3),
  ]
  const found = new Set<string>()
  for (let tries = 0; found.size < count && tries < count * 20; tries++) {
    const first = r.pick(vocabulary)
    const kind = r.int(0, 3)
    found.add(
      kind === 0
        ? first
        : kind === 1
          ? first.slice(0, Math.max(3, first.length - r.int(1, 3)))
          : `${first} ${r.pick(vocabulary)}`,
    )
  }
  return [...found]
}

/** The benchmark's long trip: 100 days, one story a day with its GPX route, 20 photos a day. */
export const BENCH_TRIP = { days: 100, photosPerDay: 20, routePoints: 500, slug: 'the-long-way-round' } as const

/**
 * A published trip of 100 days with 100 published stories (one a day), 2,000 photos taken inside its dates and
 * 50,000 route points (a 500-point GPX route per story, stored as an attached route is), deterministic like the
 * rest of the data set. Its dates end well before today, so it reads the same on any day.
 */
export async function generateBenchTrip(prisma: PrismaClient, seed = 7): Promise<{ slug: string }> {
  const r = prng(seed)
  const author = await prisma.user.findFirstOrThrow({ orderBy: { id: 'asc' } })
  const start = Date.UTC(2024, 2, 1)
  const day = 86_400_000
  const trip = await prisma.trip.create({
    data: {
      slug: BENCH_TRIP.slug,
      title: 'The Long Way Round',
      summary: 'A hundred days from Lisbon to Kathmandu.',
      startDate: new Date(start),
      endDate: new Date(start + (BENCH_TRIP.days - 1) * day),
      timeZone: 'Asia/Kathmandu',
      status: 'published',
    },
  })
  // The line walks east from Lisbon to Kathmandu, one stretch a day.
  const from = { lat: 38.7, lng: -9.1 }
  const to = { lat: 27.7, lng: 85.3 }
  const at = (f: number) => ({ lat: from.lat + (to.lat - from.lat) * f, lng: from.lng + (to.lng - from.lng) * f })
  const stories = await prisma.post.createManyAndReturn({
    data: Array.from({ length: BENCH_TRIP.days }, (_, d) => {
      const p = at(d / BENCH_TRIP.days)
      const happened = new Date(start + d * day + 12 * 3_600_000)
      return {
        slug: `long-way-day-${d + 1}`,
        title: `Day ${d + 1}: ${r.pick(adjectives)} ${r.pick(subjects)}`,
        excerpt: sentence(r),
        content: storyBody(r, 'the road'),
        status: 'published' as const,
        featuredImage: `/media/wayfarer/gallery/photo-${r.int(1, BENCH_PHOTOS)}.jpg`,
        authorId: author.id,
        locationName: `Stop ${d + 1}`,
        latitude: p.lat,
        longitude: p.lng,
        countryCode: r.pick(['PT', 'ES', 'FR', 'IT', 'GR', 'TR', 'IR', 'PK', 'IN', 'NP']),
        tripId: trip.id,
        happenedAt: happened,
        publishedAt: new Date(happened.getTime() + 3_600_000),
        createdAt: happened,
        updatedAt: happened,
      }
    }),
    select: { id: true },
  })
  await prisma.postRoute.createMany({
    data: stories.map((s, d) => {
      const a = at(d / BENCH_TRIP.days)
      const b = at((d + 1) / BENCH_TRIP.days)
      const points = Array.from({ length: BENCH_TRIP.routePoints }, (_, i) => {
        const f = i / (BENCH_TRIP.routePoints - 1)
        const wiggle = Math.sin(f * Math.PI * 12) * 0.05
        return [a.lng + (b.lng - a.lng) * f + wiggle, a.lat + (b.lat - a.lat) * f - wiggle, 100 + r.int(0, 50), null]
      })
      return {
        postId: s.id,
        points,
        profile: [],
        distanceM: 95_000,
        elevationGainM: 300,
        pointCount: BENCH_TRIP.routePoints,
        minLatitude: Math.min(a.lat, b.lat) - 0.05,
        minLongitude: Math.min(a.lng, b.lng) - 0.05,
        maxLatitude: Math.max(a.lat, b.lat) + 0.05,
        maxLongitude: Math.max(a.lng, b.lng) + 0.05,
      }
    }),
  })
  await prisma.galleryImage.createMany({
    data: Array.from({ length: BENCH_TRIP.days * BENCH_TRIP.photosPerDay }, (_, n) => {
      const p = at(n / (BENCH_TRIP.days * BENCH_TRIP.photosPerDay))
      return {
        publicId: `wayfarer/bench-trip/photo-${n + 1}`,
        url: `/media/wayfarer/gallery/photo-${(n % BENCH_PHOTOS) + 1}.jpg`,
        width: 1600,
        height: 1067,
        format: 'jpg',
        folder: 'wayfarer/bench-trip',
        title: `On the road ${n + 1}`,
        location: 'On the road',
        latitude: p.lat,
        longitude: p.lng,
        takenAt: new Date(start + Math.floor(n / BENCH_TRIP.photosPerDay) * day + 6 * 3_600_000 + (n % 20) * 1_800_000),
      }
    }),
  })
  return { slug: trip.slug }
}

/** The benchmark's tracked trip: a live trip whose track holds `points` points (BENCH_TRACK_POINTS, 50,000). */
export const BENCH_TRACKED_TRIP = { slug: 'tracked-across-the-andes', trackers: 400 } as const

/**
 * A published live trip with `points` tracked points over the 30 days before `now`, one every few minutes, the
 * older ones already public (the 24-hour delay has passed). Beside it, draft trips that only lend their tracking
 * tokens: OwnTracks' limit is per token (120 points a minute), so the check-in row spreads its points over
 * `trackers` tokens, as that many travellers' phones would, instead of measuring one token's 429s.
 */
export async function generateTrackedTrip(
  prisma: PrismaClient,
  points: number,
  now: Date,
): Promise<{ slug: string; tokens: string[] }> {
  const day = 86_400_000
  const start = now.getTime() - 30 * day
  const trip = await prisma.trip.create({
    data: {
      slug: BENCH_TRACKED_TRIP.slug,
      title: 'Tracked Across the Andes',
      summary: 'A month on the road, every few minutes on the map.',
      startDate: new Date(new Date(start).toISOString().slice(0, 10)),
      timeZone: 'America/Santiago',
      status: 'published',
    },
  })
  const step = (30 * day) / points
  for (let i = 0; i < points; i += 10_000)
    await prisma.tripTrackPoint.createMany({
      data: Array.from({ length: Math.min(10_000, points - i) }, (_, k) => {
        const n = i + k
        const recordedAt = new Date(start + n * step)
        // North to south along the Andes, about 4,000 km in a month: never "too fast".
        return {
          tripId: trip.id,
          latitude: -17 - (n / points) * 36 + Math.sin(n / 50) * 0.01,
          longitude: -70 + Math.sin(n / 500) * 1.5,
          recordedAt,
          source: 'owntracks',
          publicAt: new Date(recordedAt.getTime() + day),
        }
      }),
    })
  const tokens = Array.from({ length: BENCH_TRACKED_TRIP.trackers }, (_, n) => `wft_bench-tracker-${n + 1}`)
  await prisma.trip.update({ where: { id: trip.id }, data: { trackTokenHash: hashTrackToken(tokens[0]!) } })
  await prisma.trip.createMany({
    data: tokens.slice(1).map((token, n) => ({
      slug: `bench-tracker-${n + 2}`,
      title: `Tracker ${n + 2}`,
      startDate: new Date(new Date(start).toISOString().slice(0, 10)),
      timeZone: 'UTC',
      status: 'draft',
      trackTokenHash: hashTrackToken(token),
    })),
  })
  return { slug: trip.slug, tokens }
}
