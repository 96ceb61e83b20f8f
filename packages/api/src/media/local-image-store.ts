import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
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

interface Sidecar extends Omit<StoredImage, 'url' | 'folder' | 'public_id'> {
  created_at: string
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

  constructor(
    readonly root: string,
    options: { urlPrefix?: string; cacheRoot?: string } = {},
  ) {
    this.urlPrefix = options.urlPrefix ?? '/media'
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
    const format: string = info.format ?? 'jpeg'
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
    const sidecars = await Promise.all(
      names
        .filter((n) => n.endsWith('.json'))
        .map(async (n) => ({
          id: n.slice(0, -5),
          meta: JSON.parse(await readFile(path.join(dir, n), 'utf8')) as Sidecar,
        })),
    )
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
    return JSON.parse(raw) as Sidecar
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
