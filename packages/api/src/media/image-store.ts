/** An image as the image host knows it (SPEC.md §3 "Gallery image"). */
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

/** Where photos live: Cloudinary, or a directory on the server's disk. Chosen by configuration. */
export interface ImageStore {
  readonly kind: 'cloudinary' | 'local'
  /** Stores an already validated image (see validateImage) in a folder. */
  upload(image: Uint8Array, folder: string, metadata: ImageMetadata): Promise<StoredImage>
  list(folder: string, options: { limit: number; next?: string | undefined }): Promise<ImagePage>
  delete(publicId: string): Promise<void>
  /** A 400×300 fill-cropped thumbnail URL for a stored image URL. */
  thumbnailUrl(url: string): string
}
