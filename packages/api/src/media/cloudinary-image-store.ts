import http from 'node:http'
import { v2 as cloudinary, type UploadApiResponse } from 'cloudinary'
import { InvalidInputError, NotFoundError, RateLimitedError, UpstreamError } from '../errors'
import { messages } from '../messages'
import {
  stripVersion,
  type ImageMetadata,
  type ImagePage,
  type ImageRef,
  type ImageStore,
  type ResponsiveWidth,
  type StoredImage,
} from './image-store'
import { assertFolder } from './local-image-store'

export interface CloudinaryAccount {
  cloudName: string
  apiKey: string
  apiSecret: string
  /** API origin; only tests change it (a fake on 127.0.0.1). */
  uploadPrefix: string | undefined
}

/** Reads `cloudinary://KEY:SECRET@CLOUD[?upload_prefix=…]`; the message never repeats the URL (it holds the secret). */
export function parseCloudinaryUrl(value: string): CloudinaryAccount {
  const url = URL.canParse(value) ? new URL(value) : undefined
  if (!url || url.protocol !== 'cloudinary:' || !url.username || !url.password || !url.hostname) {
    throw new Error('CLOUDINARY_URL must look like cloudinary://KEY:SECRET@CLOUD')
  }
  return {
    cloudName: url.hostname,
    apiKey: decodeURIComponent(url.username),
    apiSecret: decodeURIComponent(url.password),
    uploadPrefix: url.searchParams.get('upload_prefix') ?? undefined,
  }
}

// Admin errors would otherwise carry `request_options.auth = "key:secret"`; the setting is only read globally.
cloudinary.config({ hide_sensitive: true })

const PUBLIC_ID_PATTERN = /^[\w-]+(\/[\w-]+)*$/
// Marks a cursor of the asset-folder listing (dynamic-folder accounts) apart from one of the prefix listing.
const ASSET_FOLDER_CURSOR = 'af:'

interface CloudinaryResource {
  public_id: string
  secure_url?: string
  url?: string
  width?: number
  height?: number
  format?: string
  folder?: string
  asset_folder?: string
  tags?: string[]
  context?: { custom?: Record<string, string> }
}

/**
 * Photos on Cloudinary through its SDK; the account comes from CLOUDINARY_URL. Folders are listed by public-id
 * prefix (fixed-folder accounts, and what our uploads produce); when that finds nothing, by asset folder, for
 * dynamic-folder accounts whose console uploads keep the folder out of the id. The cursor says which listing
 * it continues.
 */
export class CloudinaryImageStore implements ImageStore {
  readonly kind = 'cloudinary' as const
  private readonly options: Record<string, unknown>

  constructor(
    private readonly account: CloudinaryAccount,
    private readonly fetchTimeoutMs = 20_000,
  ) {
    // The SDK picks http or https once, when it is first loaded; an http prefix (a local fake) needs an http agent.
    const agent = account.uploadPrefix?.startsWith('http:') ? new http.Agent() : undefined
    this.options = {
      cloud_name: account.cloudName,
      api_key: account.apiKey,
      api_secret: account.apiSecret,
      ...(account.uploadPrefix ? { upload_prefix: account.uploadPrefix } : {}),
      ...(agent ? { agent } : {}),
    }
  }

  async upload(image: Uint8Array, folder: string, metadata: ImageMetadata): Promise<StoredImage> {
    const options = {
      ...this.options,
      resource_type: 'image' as const,
      folder: assertFolder(folder),
      tags: metadata.tags ?? [],
      context: { title: metadata.title ?? '', caption: metadata.caption ?? '', location: metadata.location ?? '' },
    }
    const result = await this.call(
      () =>
        new Promise<UploadApiResponse>((resolve, reject) => {
          const stream = cloudinary.uploader.upload_stream(options, (error, response) => {
            if (error || !response) reject(error ?? new Error('empty upload response'))
            else resolve(response)
          })
          stream.end(Buffer.from(image))
        }),
    )
    return toStoredImage(result as CloudinaryResource)
  }

  /**
   * Lists by public-id prefix (fixed-folder accounts, and what our uploads produce). Accounts with dynamic folders
   * may hold photos whose ids lack the folder (uploaded in Cloudinary's console): when the prefix finds nothing,
   * the folder is listed by asset folder instead, and the cursor remembers which listing it continues.
   */
  async list(folder: string, options: { limit: number; next?: string | undefined }): Promise<ImagePage> {
    const clean = assertFolder(folder)
    const byAssetFolder = options.next?.startsWith(ASSET_FOLDER_CURSOR) ?? false
    const cursor = byAssetFolder ? options.next?.slice(ASSET_FOLDER_CURSOR.length) : options.next
    const common = {
      ...this.options,
      max_results: options.limit,
      tags: true,
      context: true,
      ...(cursor ? { next_cursor: cursor } : {}),
    }
    if (!byAssetFolder) {
      const byPrefix = (await this.call(() =>
        cloudinary.api.resources({ ...common, type: 'upload', prefix: `${clean}/` }),
      )) as Listing
      if (byPrefix.resources?.length || cursor) return pageOf(byPrefix, '')
    }
    const byAsset = (await this.call(() => cloudinary.api.resources_by_asset_folder(clean, common))) as Listing
    return pageOf(byAsset, ASSET_FOLDER_CURSOR)
  }

  async delete(publicId: string): Promise<void> {
    assertPublicId(publicId)
    const result = (await this.call(() =>
      cloudinary.uploader.destroy(publicId, { ...this.options, invalidate: true }),
    )) as { result?: string }
    if (result.result !== 'ok') throw new NotFoundError(messages.gallery.imageNotFound)
  }

  async read(publicId: string): Promise<{ data: Buffer; mimeType: string }> {
    assertPublicId(publicId)
    const resource = (await this.call(() =>
      cloudinary.api.resource(publicId, { ...this.options }),
    )) as CloudinaryResource
    const url = resource.secure_url ?? resource.url
    if (!url) throw new NotFoundError(messages.gallery.imageNotFound)
    const response = await fetch(url, { signal: AbortSignal.timeout(this.fetchTimeoutMs) }).catch(() => {
      throw new UpstreamError('Could not download the image from Cloudinary')
    })
    if (!response.ok) throw new UpstreamError(`Could not download the image from Cloudinary (HTTP ${response.status})`)
    return {
      data: Buffer.from(await response.arrayBuffer()),
      mimeType: response.headers.get('content-type') ?? `image/${resource.format ?? 'jpeg'}`,
    }
  }

  thumbnailUrl(image: ImageRef): string {
    return this.deliveryUrl(image.public_id, { width: 400, height: 300, crop: 'fill' })
  }

  widthUrl(image: ImageRef, width: ResponsiveWidth): string {
    return this.deliveryUrl(image.public_id, { width, crop: 'limit' })
  }

  private deliveryUrl(publicId: string, transformation: Record<string, string | number>): string {
    return cloudinary.url(publicId, {
      cloud_name: this.account.cloudName,
      secure: true,
      ...transformation,
      fetch_format: 'auto',
      quality: 'auto',
      force_version: false,
      urlAnalytics: false,
    })
  }

  /** Runs one SDK call and turns its plain-object errors into domain errors without any credential in them. */
  private async call<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation()
    } catch (error) {
      throw domainErrorOf(error)
    }
  }
}

export function domainErrorOf(error: unknown): Error {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    http_code?: number
    error?: { http_code?: number }
  }
  const status = e.http_code ?? e.error?.http_code
  if (status === 429) return new RateLimitedError(messages.gallery.rateLimited, 60)
  if (status === 404) return new NotFoundError(messages.gallery.imageNotFound)
  if (status === 401 || status === 403)
    return new UpstreamError('Cloudinary refused the credentials; check CLOUDINARY_URL')
  if (status === 400) return new InvalidInputError('Cloudinary refused the request')
  if (status) return new UpstreamError(`Cloudinary request failed (HTTP ${status})`)
  return new UpstreamError('Could not reach Cloudinary')
}

type Listing = { resources?: CloudinaryResource[]; next_cursor?: string }

const pageOf = (listing: Listing, cursorPrefix: string): ImagePage => ({
  images: (listing.resources ?? []).map(toStoredImage),
  next: listing.next_cursor ? `${cursorPrefix}${listing.next_cursor}` : undefined,
})

function assertPublicId(publicId: string) {
  if (!PUBLIC_ID_PATTERN.test(publicId)) throw new NotFoundError(messages.gallery.imageNotFound)
}

function toStoredImage(resource: CloudinaryResource): StoredImage {
  const custom = resource.context?.custom ?? {}
  return {
    public_id: resource.public_id,
    url: stripVersion(resource.secure_url ?? resource.url ?? ''),
    width: resource.width ?? 0,
    height: resource.height ?? 0,
    format: resource.format ?? '',
    folder: resource.asset_folder || resource.folder || resource.public_id.split('/').slice(0, -1).join('/'),
    title: custom.title ?? '',
    caption: custom.caption ?? '',
    location: custom.location ?? '',
    tags: resource.tags ?? [],
  }
}
