import type { StorageDeps } from '../storage-deps'
import { validateImage } from '../media/image-validation'
import { IMAGE_NOT_COPIED, type ImageFetcher } from './image-fetch'
import type { ReportBuilder } from './report'

/** The image-store folder imported images land in. */
export const IMPORT_IMAGE_FOLDER = 'imports'
// Copies are filed by their original address, whatever import brought them, so no image is stored twice.
const IMAGE_SOURCE = 'images'

/**
 * Copies the images a story uses into the image store and hands back the stored URL. When the host does not
 * answer (or the bytes are not an image), the original URL is kept and listed in the report.
 */
export class ImageCopier {
  private readonly failed = new Set<string>()
  private readonly copied = new Map<string, string>()

  constructor(
    private readonly deps: Pick<StorageDeps, 'prisma' | 'imageStore'>,
    private readonly report: ReportBuilder,
    private readonly options: { dryRun: boolean; fetch: ImageFetcher | null; copyHosts: string[] },
  ) {}

  async copy(url: string, title = ''): Promise<string> {
    if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) return url
    const host = new URL(url).host.toLowerCase()
    // Poster frames of embedded videos are made by the import itself; they stay on YouTube.
    if (host === 'img.youtube.com') return url
    if (!this.options.copyHosts.includes(host)) {
      this.report.remoteImage(url)
      return url
    }
    const known = this.copied.get(url)
    if (known) return known
    const record = await this.deps.prisma.importRecord.findUnique({
      where: { source_kind_externalId: { source: IMAGE_SOURCE, kind: 'image', externalId: url } },
    })
    if (record?.localRef) {
      this.copied.set(url, record.localRef)
      this.report.count('images', 'existing')
      return record.localRef
    }
    if (this.failed.has(url)) return url
    if (this.options.dryRun || !this.options.fetch) {
      this.failed.add(url)
      if (this.options.dryRun) this.report.count('images', 'created')
      else this.keepRemote(url, 'kept at its old address: image copying is off')
      return url
    }
    try {
      const image = await validateImage(await this.options.fetch(url))
      const stored = await this.deps.imageStore.upload(image.data, IMPORT_IMAGE_FOLDER, { title: title.slice(0, 60) })
      await this.deps.prisma.importRecord.create({
        data: { source: IMAGE_SOURCE, kind: 'image', externalId: url, localRef: stored.url },
      })
      this.copied.set(url, stored.url)
      this.report.count('images', 'created')
      return stored.url
    } catch {
      // Refused, unreachable or not an image: one wording for all (see IMAGE_NOT_COPIED).
      this.keepRemote(url, IMAGE_NOT_COPIED)
      return url
    }
  }

  /** Every <img src> of sanitised HTML pointed at its stored copy. */
  async rewrite(html: string): Promise<string> {
    const sources = [...new Set([...html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/gi)].map((m) => m[1]!))]
    let out = html
    for (const encoded of sources) {
      const url = encoded.replace(/&amp;/g, '&')
      const local = await this.copy(url)
      if (local !== url) out = out.split(`src="${encoded}"`).join(`src="${local}"`)
    }
    return out
  }

  private keepRemote(url: string, message: string) {
    this.failed.add(url)
    this.report.skip('images', url, message)
    this.report.remoteImage(url)
  }
}
