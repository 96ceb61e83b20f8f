import type { PrismaClient } from '@wayfarer/db'
import { publicPostWhere } from '../posts/visibility'
import { srcsetOf, stripVersion, type ImageStore } from '../media/image-store'
import type { MapPhoto, MapStory } from './schema'

/** A published story or photo that has a point or a country: everything the places pages are made of. */
export interface PlacedStory extends MapStory {
  category_slug: string | null
  year: number | null
}
export interface PlacedPhoto extends MapPhoto {
  year: number
}
export interface PlacesData {
  stories: PlacedStory[]
  photos: PlacedPhoto[]
}

const located = { OR: [{ latitude: { not: null } }, { countryCode: { not: null } }] }

/** Reads every located published story and photo (two queries), newest first. */
export async function loadPlacesData(prisma: PrismaClient, imageStore: ImageStore): Promise<PlacesData> {
  const [posts, photos] = await Promise.all([
    prisma.post.findMany({
      where: { ...publicPostWhere, ...located },
      select: {
        id: true,
        slug: true,
        title: true,
        excerpt: true,
        featuredImage: true,
        featuredImageAlt: true,
        publishedAt: true,
        locationName: true,
        locationCity: true,
        locationCountry: true,
        countryCode: true,
        latitude: true,
        longitude: true,
        category: { select: { name: true, slug: true, color: true } },
      },
      orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
    }),
    prisma.galleryImage.findMany({
      where: { isPublished: true, ...located },
      select: {
        id: true,
        publicId: true,
        url: true,
        width: true,
        height: true,
        title: true,
        caption: true,
        location: true,
        countryCode: true,
        latitude: true,
        longitude: true,
        takenAt: true,
        createdAt: true,
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    }),
  ])
  return {
    stories: posts.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      excerpt: p.excerpt.length > 220 ? `${p.excerpt.slice(0, 217).trimEnd()}…` : p.excerpt,
      image: p.featuredImage && /^(https?:\/\/|\/(?!\/))/i.test(p.featuredImage) ? p.featuredImage : null,
      image_alt: p.featuredImageAlt,
      category_name: p.category?.name ?? null,
      category_color: p.category?.color ?? null,
      category_slug: p.category?.slug ?? null,
      published_at: p.publishedAt?.toISOString() ?? null,
      year: p.publishedAt?.getUTCFullYear() ?? null,
      location: [p.locationName, p.locationCity, p.locationCountry]
        .filter((v, i, all) => v && all.indexOf(v) === i)
        .join(', '),
      country_code: p.countryCode,
      latitude: p.latitude,
      longitude: p.longitude,
    })),
    photos: photos.map((row) => {
      const ref = { public_id: row.publicId, url: row.url }
      return {
        id: row.id,
        cloudinary_url: stripVersion(row.url),
        thumbnail_url: imageStore.thumbnailUrl(ref),
        srcset: srcsetOf(imageStore, { ...ref, width: row.width }),
        title: row.title,
        location: row.location,
        caption: row.caption,
        width: row.width,
        height: row.height,
        latitude: row.latitude,
        longitude: row.longitude,
        country_code: row.countryCode,
        taken_at: row.takenAt?.toISOString() ?? null,
        year: (row.takenAt ?? row.createdAt).getUTCFullYear(),
      }
    }),
  }
}

/** Changes when anything the places pages show may have changed (checked now and then, for other processes' writes). */
export async function placesFingerprint(prisma: PrismaClient): Promise<string> {
  const [posts, photos] = await Promise.all([
    prisma.post.aggregate({ where: publicPostWhere, _count: { _all: true }, _max: { updatedAt: true } }),
    prisma.galleryImage.aggregate({ where: { isPublished: true }, _count: { _all: true }, _max: { updatedAt: true } }),
  ])
  return [
    posts._count._all,
    posts._max.updatedAt?.getTime(),
    photos._count._all,
    photos._max.updatedAt?.getTime(),
  ].join(':')
}
