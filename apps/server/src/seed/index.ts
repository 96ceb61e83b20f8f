import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { readingTimeOf, slugify, upsertAdmin, type AppDeps, type StoredImage } from '@wayfarer/api'
import type { ServerConfig } from '../config'
import { demoCategories, demoComments, demoPhotos, demoPosts, demoTags, type DemoPost } from './content'
import { renderLandscape } from './landscapes'
import { seedDemoPlaces } from './places'
import { seedDemoTrips } from './trips'

/**
 * The owner account: from ADMIN_EMAIL/ADMIN_PASSWORD when set (kept in sync on every start); otherwise,
 * on a database without users, admin@example.com with a random password. Returns the box that tells the
 * owner that password (null when there is none to tell): the caller prints it last, after the start-up
 * messages, so it is the last thing on the terminal and not scrolled away.
 */
export async function ensureAdmin(
  deps: AppDeps,
  config: Pick<ServerConfig, 'adminEmail' | 'adminPassword'>,
  log: FastifyBaseLogger,
): Promise<string | null> {
  if (config.adminEmail && config.adminPassword) {
    await upsertAdmin(deps, { email: config.adminEmail, password: config.adminPassword })
    return null
  }
  if (config.adminEmail || config.adminPassword)
    log.warn('Set both ADMIN_EMAIL and ADMIN_PASSWORD to manage the owner account')
  if ((await deps.prisma.user.count()) > 0) return null
  const password = randomBytes(12).toString('base64url')
  const user = await upsertAdmin(deps, { email: 'admin@example.com', password })
  // Printed to the terminal once, deliberately not through the logger.
  return (
    `\n  ┌──────────────────────────────────────────────────────────────┐\n` +
    `  │ Wayfarer created the owner account. Sign in at /login with:  │\n` +
    `  │   e-mail:   ${user.email.padEnd(49)}│\n` +
    `  │   password: ${password.padEnd(49)}│\n` +
    `  │ It is shown only this once; set ADMIN_EMAIL/ADMIN_PASSWORD   │\n` +
    `  │ to choose your own.                                          │\n` +
    `  └──────────────────────────────────────────────────────────────┘\n\n`
  )
}

export async function seedDemoContentIfEmpty(deps: AppDeps, log: FastifyBaseLogger): Promise<boolean> {
  const [posts, categories] = await Promise.all([deps.prisma.post.count(), deps.prisma.category.count()])
  if (posts > 0 || categories > 0) return false
  const started = Date.now()
  await seedDemoContent(deps)
  await seedDemoPlaces(deps, slugify)
  await seedDemoTrips(deps)
  // The demo photos' places came from the gazetteer: a fresh server should not keep it resident for a question
  // that may never come.
  deps.places.gazetteer.release()
  log.info(`seeded demo content in ${Date.now() - started} ms`)
  return true
}

/** Writes the demo site: categories, tags, 24 generated photos in the gallery, 14 stories, comments. */
export async function seedDemoContent(deps: AppDeps): Promise<void> {
  const { prisma } = deps
  const author = await prisma.user.findFirstOrThrow({ orderBy: { id: 'asc' } })
  const categories = new Map<string, number>()
  for (const c of demoCategories) {
    const row = await prisma.category.upsert({ where: { slug: c.slug }, create: c, update: {} })
    categories.set(c.name, row.id)
  }
  const tags = new Map<string, number>()
  for (const name of demoTags) {
    const row = await prisma.tag.upsert({
      where: { slug: slugify(name) },
      create: { name, slug: slugify(name) },
      update: {},
    })
    tags.set(name, row.id)
  }

  const photos: StoredImage[] = []
  for (const [index, photo] of demoPhotos.entries()) {
    const stored = await deps.imageStore.upload(await renderLandscape(index), deps.galleryFolder, photo)
    photos.push(stored)
    await prisma.galleryImage.upsert({
      where: { publicId: stored.public_id },
      create: {
        publicId: stored.public_id,
        url: stored.url,
        width: stored.width,
        height: stored.height,
        format: stored.format,
        folder: stored.folder,
        title: stored.title,
        caption: stored.caption,
        location: stored.location,
        tags: stored.tags,
        isPublished: true,
        createdAt: new Date(Date.now() - index * 86_400_000),
      },
      update: {},
    })
  }

  const day = 86_400_000
  for (const [index, post] of demoPosts.entries()) {
    const featured = photos[index % photos.length]!
    const inline = photos[(index + 7) % photos.length]!
    const content = renderBody(post, inline)
    const publishedAt = post.status === 'published' ? new Date(Date.now() - (index * 5 + 2) * day) : null
    const created = await prisma.post.create({
      data: {
        slug: slugify(post.title),
        title: post.title,
        excerpt: post.excerpt,
        content,
        status: post.status,
        featuredImage: featured.url,
        featuredImageAlt: featured.title,
        categoryId: categories.get(post.category) ?? null,
        authorId: author.id,
        locationName: post.location.name,
        locationCity: post.location.city,
        locationRegion: post.location.region,
        locationCountry: post.location.country,
        metaTitle: post.title,
        metaDescription: post.excerpt,
        metaKeywords: post.tags.map((t) => t.toLowerCase()),
        views: { create: { count: post.views } },
        readingTime: readingTimeOf(content),
        publishedAt,
        createdAt: publishedAt ?? new Date(Date.now() - index * day),
        tags: { create: post.tags.map((t) => ({ tagId: tags.get(t)! })) },
      },
    })
    if (post.status !== 'published') continue
    const forThisPost = demoComments.filter((c) => c.post === post.title)
    for (const [i, c] of forThisPost.entries()) {
      await prisma.comment.create({
        data: {
          postId: created.id,
          authorName: c.name,
          authorEmail: c.email,
          authorWebsite: c.website ?? null,
          content: c.content,
          status: c.status,
          createdAt: new Date((publishedAt?.getTime() ?? Date.now()) + (i + 1) * 3_600_000),
          moderatedAt:
            c.status === 'approved' ? new Date((publishedAt?.getTime() ?? Date.now()) + (i + 2) * 3_600_000) : null,
          moderatedById: c.status === 'approved' ? author.id : null,
        },
      })
    }
  }
}

function renderBody(post: DemoPost, inline: StoredImage): string {
  const [first, second] = post.sections
  return [
    `<p>${post.intro}</p>`,
    first ? `<h2>${first.heading}</h2><p>${first.text}</p>` : '',
    `<img src="${inline.url}" alt="${inline.title}" />`,
    second ? `<h2>${second.heading}</h2><p>${second.text}</p>` : '',
    `<h3>${post.list.heading}</h3><ul>${post.list.items.map((i) => `<li>${i}</li>`).join('')}</ul>`,
    `<blockquote>Travel far enough and you meet yourself.</blockquote>`,
    `<p>Have you been to ${post.location.country}? Tell us about it in the comments.</p>`,
  ].join('\n')
}
