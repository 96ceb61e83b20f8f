import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { InvalidInputError, NotFoundError } from '../errors'
import type { ImageMetadata, ImagePage, ImageStore, StoredImage } from './image-store'

const FOLDER_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/i
const PUBLIC_ID_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/i

export const assertFolder = (folder: string): string => {
  const clean = folder.trim().replace(/^\/+|\/+$/g, '')
  if (!FOLDER_PATTERN.test(clean)) throw new InvalidInputError('Folder names may only use letters, digits, - and _')
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

  constructor(
    private readonly root: string,
    private readonly urlPrefix = '/media',
  ) {}

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
    await mkdir(path.join(this.root, dir), { recursive: true })
    await writeFile(path.join(this.root, dir, `${id}.${extensionOf(format)}`), image)
    await writeFile(path.join(this.root, dir, `${id}.json`), JSON.stringify(sidecar))
    return this.toStoredImage(`${dir}/${id}`, sidecar)
  }

  async list(folder: string, options: { limit: number; next?: string | undefined }): Promise<ImagePage> {
    const dir = path.join(this.root, assertFolder(folder))
    const names = await readdir(dir).catch(() => [] as string[])
    const sidecars = await Promise.all(
      names
        .filter((n) => n.endsWith('.json'))
        .map(async (n) => ({ id: n.slice(0, -5), meta: JSON.parse(await readFile(path.join(dir, n), 'utf8')) as Sidecar })),
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
    if (!PUBLIC_ID_PATTERN.test(publicId)) throw new NotFoundError('Image not found')
    const sidecarFile = this.resolveFile(`${publicId}.json`)
    const meta = JSON.parse(await readFile(sidecarFile, 'utf8').catch(() => {
      throw new NotFoundError('Image not found')
    })) as Sidecar
    await rm(this.resolveFile(`${publicId}.${extensionOf(meta.format)}`), { force: true })
    await rm(sidecarFile, { force: true })
  }

  thumbnailUrl(url: string): string {
    return url.startsWith(`${this.urlPrefix}/`) ? url.replace(`${this.urlPrefix}/`, `${this.urlPrefix}/thumb/`) : url
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
