import type { GalleryImageModel as GalleryImage } from '@wayfarer/db'
import type { AppDeps } from '../deps'
import { InvalidInputError, NotFoundError } from '../errors'
import { messages } from '../messages'
import { stripVersion, type StoredImage } from '../media/image-store'
import { validateImage } from '../media/image-validation'
import { toGalleryPhoto } from './gallery-photo'
import { suggestPlaceFromPhoto } from '../places/photo-location'
import type { BodyPhoto, BodyPhotoUse, GalleryPhoto, HostImage, PublishImage, PublishedRecord } from './schema'

type Deps = Pick<AppDeps, 'prisma' | 'imageStore' | 'galleryFolder' | 'places'>

/** Published photos, newest first, for /gallery and the hero shuffle. */
export async function listPublishedPhotos(deps: Deps, limit: number): Promise<GalleryPhoto[]> {
  const rows = await deps.prisma.galleryImage.findMany({
    where: { isPublished: true },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
  })
  return rows.map((row) => toGalleryPhoto(deps.imageStore, row))
}

/** Photos for the hero, About and gear sections: those tagged with the use first, then any others, shuffled. */
export async function pickBodyPhotos(
  deps: Deps,
  use: BodyPhotoUse,
  limit: number,
  random = Math.random,
): Promise<BodyPhoto[]> {
  const rows = await deps.prisma.galleryImage.findMany({
    where: { isPublished: true },
    select: { url: true, title: true, tags: true },
    orderBy: { createdAt: 'desc' },
    take: 1000,
  })
  const tagged = shuffle(
    rows.filter((r) => r.tags.includes(use)),
    random,
  )
  const others = shuffle(
    rows.filter((r) => !r.tags.includes(use)),
    random,
  )
  return [...tagged, ...others].slice(0, limit).map((r) => ({ url: stripVersion(r.url), title: r.title }))
}

export async function listHostImages(
  deps: Deps,
  input: { folder?: string | undefined; limit: number; cursor?: string | undefined },
) {
  const folder = input.folder || deps.galleryFolder
  const page = await deps.imageStore.list(folder, { limit: input.limit, next: input.cursor })
  return { images: page.images.map((image) => toHostImage(deps, image)), next: page.next ?? null, folder }
}

export async function listPublishedRecords(deps: Deps, limit: number): Promise<PublishedRecord[]> {
  const rows = await deps.prisma.galleryImage.findMany({
    where: { isPublished: true },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
  })
  return rows.map(toPublishedRecord)
}

/** Publishes (or re-publishes with new metadata) each image; publishing twice leaves one record. */
export async function publishImages(deps: Deps, images: PublishImage[]): Promise<PublishedRecord[]> {
  const records: PublishedRecord[] = []
  for (const image of images) {
    const fields = {
      url: stripVersion(image.url),
      width: image.width ?? 0,
      height: image.height ?? 0,
      format: image.format ?? '',
      folder: image.folder ?? '',
      title: image.title ?? '',
      caption: image.caption ?? '',
      location: image.location ?? '',
      tags: image.tags ?? [],
      isPublished: true,
    }
    const row = await deps.prisma.galleryImage.upsert({
      where: { publicId: image.public_id },
      create: { publicId: image.public_id, ...fields },
      update: fields,
    })
    records.push(toPublishedRecord(row))
  }
  return records
}

export async function unpublishImages(deps: Deps, publicIds: string[]): Promise<{ unpublished: number }> {
  const result = await deps.prisma.galleryImage.updateMany({
    where: { publicId: { in: publicIds }, isPublished: true },
    data: { isPublished: false },
  })
  return { unpublished: result.count }
}

/** Removes the gallery record and, when asked, the file at the image host. */
export async function deleteImage(deps: Deps, publicId: string, alsoFromHost: boolean) {
  const removed = await deps.prisma.galleryImage.deleteMany({ where: { publicId } })
  if (alsoFromHost) {
    try {
      await deps.imageStore.delete(publicId)
    } catch (error) {
      // Already gone at the host but we did drop a record: the user's intent is fulfilled.
      if (!(error instanceof NotFoundError && removed.count > 0)) throw error
    }
  } else if (removed.count === 0) {
    throw new NotFoundError(messages.gallery.imageNotFound)
  }
  return { deleted: true as const, alsoCloudinary: alsoFromHost }
}

/** Checks the bytes (type by content, size, pixel limit), strips metadata and stores the photo. */
export async function uploadImage(
  deps: Deps,
  input: { folder?: string | undefined; file?: Uint8Array | undefined; filename?: string | undefined },
) {
  if (!input.file || input.file.byteLength === 0) throw new InvalidInputError(messages.upload.notImage)
  const valid = await validateImage(input.file)
  // The photo's own GPS and time, read before they are gone: suggested to the owner, stored only if accepted.
  const suggestion = await suggestPlaceFromPhoto(input.file, deps.places.gazetteer, deps.places.precision)
  const stored = await deps.imageStore.upload(valid.data, input.folder || deps.galleryFolder, {
    title: titleFromFilename(input.filename),
  })
  return { ...toHostImage(deps, stored), place_suggestion: suggestion }
}

function toHostImage(deps: Deps, image: StoredImage): HostImage {
  return { ...image, url: stripVersion(image.url), thumbnail_url: deps.imageStore.thumbnailUrl(image) }
}

function toPublishedRecord(row: GalleryImage): PublishedRecord {
  return {
    id: row.id,
    cloudinary_public_id: row.publicId,
    is_published: row.isPublished,
    url: stripVersion(row.url),
    width: row.width,
    height: row.height,
    format: row.format,
    folder: row.folder,
    title: row.title,
    caption: row.caption,
    location: row.location,
    tags: row.tags,
    created_at: row.createdAt.toISOString(),
  }
}

/** "IMG_2041 sunset-beach.jpg" -> "IMG 2041 sunset beach": a starting title the owner can edit. */
export function titleFromFilename(filename: string | undefined): string {
  const stem = (filename ?? '').replace(/\.[a-z0-9]{2,5}$/i, '')
  return stem
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60)
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
  }
  return copy
}
