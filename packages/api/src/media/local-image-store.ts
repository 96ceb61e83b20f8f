import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { z } from 'zod'
import { InvalidInputError, NotFoundError } from '../errors'
import { PRIVATE_DIR, PRIVATE_FILE } from './private-files'
import type { ImageMetadata, ImagePage, ImageRef, ImageStore, ResponsiveWidth, StoredImage } from './image-store'
import { LocalImageVariants } from './local-image-variants'

const FOLDER_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/i
const PUBLIC_ID_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/i

export const assertFolder = (folder: string): string => {
  const clean = folder.trim().replace(/^\/+|\/+$/g, '')
  if (!FOLDER_PATTERN.test(clean))
    throw new InvalidInputError('Folder names may only use letters, digits, - and _, with / between folders')
  return clean
}

/**
 * An image's <id>.json as upload writes it. Sidecars also arrive in archives and restores, so each is read through
 * this schema: one that does not fit (a stray `{"width":1}`) is skipped and reported, never a failed gallery. The
 * format names the file's extension and the served type, so only raster formats pass (never svg).
 */
const SIDECAR = z.object({
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  format: z.enum(['jpeg', 'png', 'gif', 'webp', 'avif', 'heif', 'tiff']),
  title: z.string().default(''),
  caption: z.string().default(''),
  location: z.string().default(''),
  tags: z.array(z.string()).default([]),
  created_at: z.string(),
})
type Sidecar = z.infer<typeof SIDECAR>

/** Whether `raw` is an image sidecar the store can read (an archive import leaves out any other). */
export const isSidecar = (raw: string): boolean => 'sidecar' in parseSidecar(raw)

/** The sidecar in `raw`, or why it is not one. */
function parseSidecar(raw: string): { sidecar: Sidecar } | { problem: string } {
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return { problem: 'not JSON' }
  }
  const parsed = SIDECAR.safeParse(json)
  return parsed.success ? { sidecar: parsed.data } : { problem: z.prettifyError(parsed.error).replace(/\s+/g, ' ') }
}

/**
 * Images on the server's disk: <root>/<folder>/<id>.<ext> plus <id>.json with the metadata, served under
 * /media/ by the server. What Wayfarer uses when no Cloudinary account is configured.
 */
export class LocalImageStore implements ImageStore {
  readonly kind = 'local' as const
  /** Thumbnails and srcset widths: the common ones rendered after upload, the rest on demand; cached on disk. */
  readonly variants: LocalImageVariants
  private readonly urlPrefix: string

  /** Told about each sidecar a listing skipped (the server logs it). */
  private readonly onBadSidecar: (file: string, problem: string) => void

  constructor(
    readonly root: string,
    options: {
      urlPrefix?: string
      cacheRoot?: string
      onBadSidecar?: (file: string, problem: string) => void
    } = {},
  ) {
    this.urlPrefix = options.urlPrefix ?? '/media'
    this.onBadSidecar = options.onBadSidecar ?? (() => {})
    this.variants = new LocalImageVariants(
      (relative) => this.resolveFile(relative),
      options.cacheRoot ?? `${root}-cache`,
    )
  }

  /** Absolute path of a stored file, refusing anything that would leave the store. */
  resolveFile(relative: string): string {
    const file = path.resolve(this.root, relative)
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new NotFoundError('Image not found')
    return file
  }

  async upload(image: Uint8Array, folder: string, metadata: ImageMetadata): Promise<StoredImage> {
    const dir = assertFolder(folder)
    const info = await sharp(image).metadata()
    const known = SIDECAR.shape.format.safeParse(info.format ?? 'jpeg')
    if (!known.success) throw new InvalidInputError('Unsupported image format')
    const format = known.data
    const id = `${Date.now().toString(36)}${randomBytes(5).toString('hex')}`
    const sidecar: Sidecar = {
      width: info.autoOrient?.width ?? info.width ?? 0,
      height: info.autoOrient?.height ?? info.height ?? 0,
      format,
      title: metadata.title ?? '',
      caption: metadata.caption ?? '',
      location: metadata.location ?? '',
      tags: metadata.tags ?? [],
      created_at: new Date().toISOString(),
    }
    await mkdir(path.join(this.root, dir), PRIVATE_DIR)
    await writeFile(path.join(this.root, dir, `${id}.${extensionOf(format)}`), image, PRIVATE_FILE)
    await writeFile(path.join(this.root, dir, `${id}.json`), JSON.stringify(sidecar), PRIVATE_FILE)
    this.variants.warm(`${dir}/${id}.${extensionOf(format)}`)
    return this.toStoredImage(`${dir}/${id}`, sidecar)
  }

  async list(folder: string, options: { limit: number; next?: string | undefined }): Promise<ImagePage> {
    const dir = path.join(this.root, assertFolder(folder))
    const names = await readdir(dir).catch(() => [] as string[])
    const read = await Promise.all(
      names
        .filter((n) => n.endsWith('.json') && PUBLIC_ID_PATTERN.test(n.slice(0, -5)))
        .map(async (n) => {
          const result = parseSidecar(await readFile(path.join(dir, n), 'utf8').catch(() => ''))
          if ('problem' in result) {
            this.onBadSidecar(path.join(dir, n), result.problem)
            return []
          }
          return [{ id: n.slice(0, -5), meta: result.sidecar }]
        }),
    )
    const sidecars = read.flat()
    sidecars.sort((a, b) => b.meta.created_at.localeCompare(a.meta.created_at) || b.id.localeCompare(a.id))
    const start = options.next ? Number.parseInt(options.next, 10) || 0 : 0
    const page = sidecars.slice(start, start + options.limit)
    return {
      images: page.map((s) => this.toStoredImage(`${assertFolder(folder)}/${s.id}`, s.meta)),
      next: start + options.limit < sidecars.length ? String(start + options.limit) : undefined,
    }
  }

  async delete(publicId: string): Promise<void> {
    const meta = await this.sidecarOf(publicId)
    const original = `${publicId}.${extensionOf(meta.format)}`
    await rm(this.resolveFile(original), { force: true })
    await rm(this.resolveFile(`${publicId}.json`), { force: true })
    await this.variants.forget(original)
  }

  async read(publicId: string): Promise<{ data: Buffer; mimeType: string }> {
    const meta = await this.sidecarOf(publicId)
    const data = await readFile(this.resolveFile(`${publicId}.${extensionOf(meta.format)}`)).catch(() => {
      throw new NotFoundError('Image not found')
    })
    return { data, mimeType: `image/${meta.format}` }
  }

  thumbnailUrl(image: ImageRef): string {
    return this.variantUrl(image.url, 'thumb')
  }

  widthUrl(image: ImageRef, width: ResponsiveWidth): string {
    return this.variantUrl(image.url, `w/${width}`)
  }

  /** Only URLs of this store have variants; anything else (an outside URL) is returned as it is. */
  private variantUrl(url: string, segment: string): string {
    return url.startsWith(`${this.urlPrefix}/`)
      ? `${this.urlPrefix}/${segment}/${url.slice(this.urlPrefix.length + 1)}`
      : url
  }

  private async sidecarOf(publicId: string): Promise<Sidecar> {
    if (!PUBLIC_ID_PATTERN.test(publicId)) throw new NotFoundError('Image not found')
    const raw = await readFile(this.resolveFile(`${publicId}.json`), 'utf8').catch(() => {
      throw new NotFoundError('Image not found')
    })
    const result = parseSidecar(raw)
    if ('problem' in result) {
      this.onBadSidecar(this.resolveFile(`${publicId}.json`), result.problem)
      throw new NotFoundError('Image not found')
    }
    return result.sidecar
  }

  private toStoredImage(publicId: string, meta: Sidecar): StoredImage {
    const { created_at: _createdAt, ...rest } = meta
    return {
      ...rest,
      public_id: publicId,
      folder: publicId.split('/').slice(0, -1).join('/'),
      url: `${this.urlPrefix}/${publicId}.${extensionOf(meta.format)}`,
    }
  }
}

export const extensionOf = (format: string): string => (format === 'jpeg' ? 'jpg' : format)
