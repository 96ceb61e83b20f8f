/** An image as the image host knows it. */
export interface StoredImage {
  public_id: string
  url: string
  width: number
  height: number
  format: string
  folder: string
  title: string
  caption: string
  location: string
  tags: string[]
}

export interface ImageMetadata {
  title?: string
  caption?: string
  location?: string
  tags?: string[]
}

export interface ImagePage {
  images: StoredImage[]
  /** Cursor for the next page; undefined on the last one. */
  next: string | undefined
}

/** The widths a page may ask for in a srcset; a fixed set so nobody can fill the cache with arbitrary sizes. */
export const RESPONSIVE_WIDTHS = [400, 800, 1200, 1600] as const
export type ResponsiveWidth = (typeof RESPONSIVE_WIDTHS)[number]

/** What the URL helpers need to know about a stored image. */
export type ImageRef = Pick<StoredImage, 'public_id' | 'url'>

/** Where photos live: Cloudinary, or a directory on the server's disk. Chosen by configuration. */
export interface ImageStore {
  readonly kind: 'cloudinary' | 'local'
  /** Stores an already validated image (see validateImage) in a folder. */
  upload(image: Uint8Array, folder: string, metadata: ImageMetadata): Promise<StoredImage>
  list(folder: string, options: { limit: number; next?: string | undefined }): Promise<ImagePage>
  delete(publicId: string): Promise<void>
  /** The image's bytes as stored (for sending a photo to the AI). */
  read(publicId: string): Promise<{ data: Buffer; mimeType: string }>
  /** A 400×300 fill-cropped thumbnail URL, format chosen for the browser, no version segment. */
  thumbnailUrl(image: ImageRef): string
  /** The image scaled down to a width (never up), for srcset. */
  widthUrl(image: ImageRef, width: ResponsiveWidth): string
}

/** Delivery URLs without the `/v1234/` version segment, so the same image always has the same URL. */
export const stripVersion = (url: string): string => url.replace(/\/v\d+\//, '/')

/** A srcset over the responsive widths that do not exceed the original. */
export function srcsetOf(store: ImageStore, image: ImageRef & { width: number }): string {
  const scaled = RESPONSIVE_WIDTHS.filter((w) => w < image.width).map((w) => `${store.widthUrl(image, w)} ${w}w`)
  return [...scaled, `${stripVersion(image.url)} ${image.width}w`].join(', ')
}
