import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { NotFoundError } from '../errors'
import { PRIVATE_DIR, PRIVATE_FILE } from './private-files'
import { RESPONSIVE_WIDTHS, type ResponsiveWidth } from './image-store'
import { ORIGINAL_IMAGE_PATH } from './image-url'

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

/**
 * The only shape of path a derived image is made from: folders and a name of letters, digits, - and _, and
 * an image extension. Everything else (`..`, `.`, empty segments, backslashes, NUL, a `%` left over from
 * double encoding) is "not found", so no request can name a file outside the store or the cache.
 */

export function validOriginalPath(relative: string): string {
  if (relative.length > 500 || !ORIGINAL_IMAGE_PATH.test(relative)) throw new NotFoundError('Image not found')
  return relative
}

export function parseWidth(value: string): ResponsiveWidth | undefined {
  return RESPONSIVE_WIDTHS.find((w) => String(w) === value)
}

/** What the gallery grid, the admin manager and the story cards ask for first, in the formats browsers accept. */
const WARM_VARIANTS: ImageVariant[] = [{ kind: 'thumb' }, { kind: 'width', width: 400 }, { kind: 'width', width: 800 }]
const WARM_FORMATS: VariantFormat[] = ['avif', 'webp']

// Rendering starts once uploads pause this long, so a burst of uploads (seeding 24 photos) is not slowed by it.
const WARM_DELAY_MS = 1000

interface WarmJob {
  relative: string
  variant: ImageVariant
  format: VariantFormat
}

/**
 * Renders derived images with sharp and keeps them on disk, so each size and format of a photo is encoded
 * once. A new photo's common sizes are rendered right after upload (and so after seeding) in the background,
 * one at a time, so the first visitor of the gallery is not the one who waits for the encoder; anything else is rendered on first request. Writes go through a temporary file and a rename, and
 * a variant being rendered is awaited rather than rendered twice.
 */
export class LocalImageVariants {
  private readonly inFlight = new Map<string, Promise<{ file: string; contentType: string }>>()
  private queue: WarmJob[] = []
  /** The originals in `queue`: one queued again before its turn (the same photo listed twice) is not added twice. */
  private readonly queued = new Set<string>()
  /** The next job of `queue` to render. */
  private next = 0
  private draining: Promise<void> | undefined
  private startTimer: ReturnType<typeof setTimeout> | undefined

  constructor(
    /** Absolute path of a stored original, refusing paths outside the store (LocalImageStore.resolveFile). */
    private readonly resolveOriginal: (relative: string) => string,
    private readonly cacheRoot: string,
  ) {}

  async render(
    relative: string,
    variant: ImageVariant,
    format: VariantFormat,
  ): Promise<{ file: string; contentType: string }> {
    // Both the original and the cache path are derived from the validated path only.
    const valid = validOriginalPath(relative)
    const original = this.resolveOriginal(valid)
    const file = this.cacheFile(valid, variant, format)
    const contentType = contentTypes[format]
    if (await exists(file)) return { file, contentType }
    const running = this.inFlight.get(file)
    if (running) return running
    const rendering = this.encode(original, file, variant, format).finally(() => this.inFlight.delete(file))
    this.inFlight.set(file, rendering)
    return rendering
  }

  /** Queues the common variants of a just-stored original for background rendering. */
  warm(relative: string): void {
    if (this.queued.has(relative)) return
    this.queued.add(relative)
    for (const format of WARM_FORMATS)
      for (const variant of WARM_VARIANTS) this.queue.push({ relative, variant, format })
    if (this.draining) return
    clearTimeout(this.startTimer)
    this.startTimer = setTimeout(() => void this.startDraining(), WARM_DELAY_MS)
    this.startTimer.unref()
  }

  /** Renders everything queued now and resolves once done (tests, the seed command). */
  idle(): Promise<void> {
    return this.startDraining()
  }

  /** Drops what is still queued and waits for the variant being rendered (the server is closing). */
  async stop(): Promise<void> {
    this.queue = []
    this.queued.clear()
    this.next = 0
    await this.idle()
  }

  private startDraining(): Promise<void> {
    clearTimeout(this.startTimer)
    this.startTimer = undefined
    if (!this.draining && this.queue.length) this.draining = this.drain()
    return this.draining ?? Promise.resolve()
  }

  private async drain(): Promise<void> {
    // Read by position, not shift(): at start-up the queue holds six jobs per photo, and shifting an array
    // that long moves every job left each time.
    while (this.next < this.queue.length) {
      const job = this.queue[this.next++]!
      this.queued.delete(job.relative)
      // A photo deleted meanwhile, or one sharp cannot read, is simply skipped.
      await this.render(job.relative, job.variant, job.format).catch(() => undefined)
    }
    this.queue = []
    this.next = 0
    this.draining = undefined
  }

  private async encode(
    original: string,
    file: string,
    variant: ImageVariant,
    format: VariantFormat,
  ): Promise<{ file: string; contentType: string }> {
    const contentType = contentTypes[format]
    const source = await readFile(original).catch(() => {
      throw new NotFoundError('Image not found')
    })
    let pipeline = sharp(source).autoOrient()
    pipeline =
      variant.kind === 'thumb'
        ? pipeline.resize(400, 300, { fit: 'cover', position: 'attention' })
        : pipeline.resize({ width: variant.width, withoutEnlargement: true })
    const encoded =
      format === 'avif'
        ? pipeline.avif({ quality: 55 })
        : format === 'webp'
          ? pipeline.webp({ quality: 78 })
          : pipeline.jpeg({ quality: 80, mozjpeg: true })
    const data = await encoded.toBuffer()
    await mkdir(path.dirname(file), PRIVATE_DIR)
    const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`
    await writeFile(temporary, data, PRIVATE_FILE)
    await rename(temporary, file)
    return { file, contentType }
  }

  /** Drops every cached variant of a deleted original, after any render of it that is already under way. */
  async forget(relative: string): Promise<void> {
    validOriginalPath(relative)
    this.queue = this.queue.filter((job) => job.relative !== relative)
    this.queued.delete(relative)
    const variants: ImageVariant[] = [
      { kind: 'thumb' },
      ...RESPONSIVE_WIDTHS.map((width) => ({ kind: 'width' as const, width })),
    ]
    const formats: VariantFormat[] = ['avif', 'webp', 'jpeg']
    const files = variants.flatMap((v) => formats.map((f) => this.cacheFile(relative, v, f)))
    await Promise.allSettled(files.map((file) => this.inFlight.get(file)))
    await Promise.all(files.map((file) => rm(file, { force: true })))
  }

  /** One directory per variant (thumb, w400, …), so no two variants share a cache file. */
  private cacheFile(valid: string, variant: ImageVariant, format: VariantFormat): string {
    const name = variant.kind === 'thumb' ? 'thumb' : `w${variant.width}`
    const file = path.resolve(this.cacheRoot, name, `${valid}.${format}`)
    if (!file.startsWith(path.resolve(this.cacheRoot, name) + path.sep)) throw new NotFoundError('Image not found')
    return file
  }
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  )
