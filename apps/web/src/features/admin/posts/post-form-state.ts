import { withMetaDefaults, type AdminPost, type PostStatusValue } from '@wayfarer/api/schemas'

/** What the create and edit screens edit (docs/product.md, "Editor"). */
export interface PostFormValues {
  title: string
  content: string
  excerpt: string
  category_id: number | null
  tags: number[]
  featured_image: string
  featured_image_alt: string
  location_name: string
  location_region: string
  location_country: string
  /** The story's point on the map and its country; null when it has none. */
  latitude: number | null
  longitude: number | null
  country_code: string | null
  meta_title: string
  meta_description: string
  meta_keywords: string[]
  /** The trip the story belongs to; null for none. */
  trip_id: number | null
  /** When it happened, as a datetime-local input holds it (the browser's zone); empty: the publish time counts. */
  happened_at: string
}

export const emptyPostForm = (): PostFormValues => ({
  title: '',
  content: '',
  excerpt: '',
  category_id: null,
  tags: [],
  featured_image: '',
  featured_image_alt: '',
  location_name: '',
  location_region: '',
  location_country: '',
  latitude: null,
  longitude: null,
  country_code: null,
  meta_title: '',
  meta_description: '',
  meta_keywords: [],
  trip_id: null,
  happened_at: '',
})

export const formFromPost = (post: AdminPost): PostFormValues => ({
  title: post.title,
  content: post.content,
  excerpt: post.excerpt,
  category_id: post.category_id,
  tags: post.tags.map((t) => t.id),
  featured_image: post.featured_image ?? '',
  featured_image_alt: post.featured_image_alt ?? '',
  location_name: post.location_name ?? '',
  location_region: post.location_region ?? '',
  location_country: post.location_country ?? '',
  latitude: post.latitude,
  longitude: post.longitude,
  country_code: post.country_code,
  meta_title: post.meta_title ?? '',
  meta_description: post.meta_description ?? '',
  meta_keywords: post.meta_keywords,
  trip_id: post.trip_id,
  happened_at: post.happened_at ? toLocalInput(post.happened_at) : '',
})

/** An instant as a datetime-local input shows it: the browser's local date and time, to the minute. */
export function toLocalInput(iso: string): string {
  const at = new Date(iso)
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

/** The body of a create or update, with the SEO title and description filled from the title and excerpt when empty. */
export function postPayload(values: PostFormValues, status?: PostStatusValue) {
  return {
    ...values,
    ...withMetaDefaults(values),
    // A datetime-local value has no offset: the browser reads it in its own zone and sends the instant.
    happened_at: values.happened_at ? new Date(values.happened_at).toISOString() : null,
    ...(status ? { status } : {}),
  }
}
