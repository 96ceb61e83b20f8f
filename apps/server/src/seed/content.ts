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
} = demoContentSchema.parse(demoContentJson)
export type DemoPost = (typeof demoPosts)[number]
