import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { NotFoundError } from '../errors'
import { RESPONSIVE_WIDTHS, type ResponsiveWidth } from './image-store'

/** A derived image the local store serves: the 400×300 gallery thumbnail or a srcset width. */
export type ImageVariant = { kind: 'thumb' } | { kind: 'width'; width: ResponsiveWidth }

export type VariantFormat = 'avif' | 'webp' | 'jpeg'

const contentTypes: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' }

/** The best format the browser says it accepts (Cloudinary's f_auto, done locally). */
export function formatFor(accept: string | undefined): VariantFormat {
  const header = accept ?? ''
  if (/image\/avif/.test(header)) return 'avif'
  if (/image\/webp/.test(header)) return 'webp'
  return 'jpeg'
}

export function parseWidth(value: string): ResponsiveWidth | undefined {
  return RESPONSIVE_WIDTHS.find((w) => String(w) === value)
}

/**
 * Renders derived images with sharp on first request and keeps them on disk, so each size and format of a
 * photo is encoded once. Writes go through a temporary file and a rename: concurrent first requests are safe.
 */
export class LocalImageVariants {
  constructor(
    /** Absolute path of a stored original, refusing paths outside the store (LocalImageStore.resolveFile). */
    private readonly resolveOriginal: (relative: string) => string,
    private readonly cacheRoot: string,
  ) {}

  async render(relative: string, variant: ImageVariant, format: VariantFormat): Promise<{ file: string; contentType: string }> {
    const original = this.resolveOriginal(relative)
    if (relative.endsWith('.json')) throw new NotFoundError('Image not found')
    const file = this.cacheFile(relative, variant, format)
    const contentType = contentTypes[format]
    if (await exists(file)) return { file, contentType }

    const source = await readFile(original).catch(() => {
      throw new NotFoundError('Image not found')
    })
    let pipeline = sharp(source).autoOrient()
    pipeline =
      variant.kind === 'thumb'
        ? pipeline.resize(400, 300, { fit: 'cover', position: 'attention' })
        : pipeline.resize({ width: variant.width, withoutEnlargement: true })
    const encoded =
      format === 'avif' ? pipeline.avif({ quality: 55 }) : format === 'webp' ? pipeline.webp({ quality: 78 }) : pipeline.jpeg({ quality: 80, mozjpeg: true })
    const data = await encoded.toBuffer()
    await mkdir(path.dirname(file), { recursive: true })
    const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`
    await writeFile(temporary, data)
    await rename(temporary, file)
    return { file, contentType }
  }

  /** Drops every cached variant of a deleted original. */
  async forget(relative: string): Promise<void> {
    const variants: ImageVariant[] = [{ kind: 'thumb' }, ...RESPONSIVE_WIDTHS.map((width) => ({ kind: 'width' as const, width }))]
    const formats: VariantFormat[] = ['avif', 'webp', 'jpeg']
    await Promise.all(variants.flatMap((v) => formats.map((f) => rm(this.cacheFile(relative, v, f), { force: true }))))
  }

  private cacheFile(relative: string, variant: ImageVariant, format: VariantFormat): string {
    const name = variant.kind === 'thumb' ? 'thumb' : `w${variant.width}`
    return path.join(this.cacheRoot, name, `${relative}.${format}`)
  }
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  )
