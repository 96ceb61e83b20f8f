/**
 * Demo content for a fresh install: the six footer categories, tags, photos, stories and visitors' comments. The
 * content itself is data (demo-content.json, easy to edit or translate); its shape is checked here when it loads.
 *
 * Photos: the tags 'hero', 'about' and 'gear' choose them for the Home hero, the About photos and the gear list
 * (GET /api/gallery/body-photos?use=…): that is how the owner picks body photos for their own site too.
 */
import { z } from 'zod'
import demoContentJson from './demo-content.json'

const text = z.string().min(1)

const demoContentSchema = z.object({
  categories: z.array(
    z.object({ name: text, slug: text, color: z.string().regex(/^#[0-9A-F]{6}$/i), description: text }),
  ),
  tags: z.array(text),
  photos: z.array(z.object({ title: text, location: text, caption: text, tags: z.array(text) })),
  posts: z.array(
    z.object({
      title: text,
      category: text,
      tags: z.array(text),
      location: z.object({ name: text, city: text, region: text, country: text }),
      excerpt: text,
      intro: text,
      sections: z.array(z.object({ heading: text, text })),
      list: z.object({ heading: text, items: z.array(text) }),
      status: z.enum(['published', 'draft']),
      views: z.number().int().nonnegative(),
    }),
  ),
  /**
   * Trips: dates are days before the seeding (so a fresh install has one finished and one live trip), stories and
   * photos by title, each on a day of the trip (the story's "when it happened", the photo's time taken).
   */
  trips: z.array(
    z.object({
      title: text,
      summary: text,
      time_zone: text,
      starts_days_ago: z.number().int().nonnegative(),
      ends_days_ago: z.number().int().nonnegative().nullable(),
      cover: text,
      stories: z.array(z.object({ post: text, day: z.number().int().positive() })),
      photos: z.array(z.object({ title: text, day: z.number().int().positive() })),
      /** Tracked points, hours before the seeding: those older than the default delay (a day) are public. */
      track: z
        .array(
          z.object({
            latitude: z.number().min(-90).max(90),
            longitude: z.number().min(-180).max(180),
            hours_ago: z.number().positive(),
            note: z.string().max(500).default(''),
          }),
        )
        .default([]),
    }),
  ),
  /** Each on the story it talks about (by title). */
  comments: z.array(
    z.object({
      post: text,
      name: text,
      email: z.email(),
      website: z.url().optional(),
      content: text,
      status: z.enum(['approved', 'pending']),
    }),
  ),
})

export const {
  categories: demoCategories,
  tags: demoTags,
  photos: demoPhotos,
  posts: demoPosts,
  comments: demoComments,
  trips: demoTrips,
} = demoContentSchema.parse(demoContentJson)
export type DemoPost = (typeof demoPosts)[number]
