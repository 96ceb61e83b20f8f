import { RESPONSIVE_WIDTHS } from './image-store'

/**
 * Where a shown image may come from: a path on this site (/media/…, never the protocol-relative //host) or an
 * absolute http(s) address, e.g. at the image host. Anything else (javascript:, data:) could run script in an
 * img src or an og:image. One rule for what is saved (posts, gallery) and what is served.
 */
export function isSafeImageUrl(url: string): boolean {
  if (/\s/.test(url)) return false
  if (/^\/(?!\/)/.test(url)) return true
  return URL.canParse(url) && ['http:', 'https:'].includes(new URL(url).protocol)
}

/**
 * The only shape of path a derived image of the local store is made from: folders and a name of letters,
 * digits, - and _, and an image extension (the server refuses every other path, see local-image-variants.ts).
 */
export const ORIGINAL_IMAGE_PATH = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.(jpe?g|png|gif|webp|avif)$/i

/** How wide a story's featured image is drawn (its page's column), for its srcset and the head's preload. */
export const FEATURED_IMAGE_SIZES = '(min-width: 768px) 768px, 100vw'
/** How wide a story card's picture is shown in the card grids (blog list, home). */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw'

const LOCAL_MEDIA = /^\/media\/(?!w\/|thumb\/)(.{1,500})$/
const CLOUDINARY_UPLOAD = /^(https:\/\/res\.cloudinary\.com\/[^/\s]+\/image\/upload\/)(\S+)$/

/**
 * A srcset over the responsive widths for an image this site serves: its local store's `/media/w/{w}/…` variants
 * (AVIF or WebP when the browser takes them) or Cloudinary's `c_limit,w_{w}` with `f_auto`. Undefined for any
 * other URL, which has no variants. Variants never scale up, so a small original is sent as it is.
 */
export function responsiveSrcset(url: string): string | undefined {
  const local = LOCAL_MEDIA.exec(url)?.[1]
  if (local && ORIGINAL_IMAGE_PATH.test(local))
    return RESPONSIVE_WIDTHS.map((w) => `/media/w/${w}/${local} ${w}w`).join(', ')
  const cloud = CLOUDINARY_UPLOAD.exec(url)
  if (cloud) return RESPONSIVE_WIDTHS.map((w) => `${cloud[1]}c_limit,f_auto,q_auto,w_${w}/${cloud[2]} ${w}w`).join(', ')
  return undefined
}
