import type { FastifyBaseLogger } from 'fastify'
import type { AppDeps, LocalImageStore } from '@wayfarer/api'

/**
 * At start-up, queues the common variants of every published local photo for background rendering; the ones
 * already on disk are skipped at once. Covers photos that arrived without this server's upload path: seeded or
 * imported by the command line, or restored from a backup.
 */
export async function warmPublishedVariants(
  deps: AppDeps,
  store: LocalImageStore,
  log: FastifyBaseLogger,
): Promise<void> {
  const photos = await deps.prisma.galleryImage.findMany({
    where: { isPublished: true },
    select: { url: true },
    orderBy: { createdAt: 'desc' },
  })
  let queued = 0
  for (const { url } of photos) {
    if (!url.startsWith('/media/')) continue
    store.variants.warm(url.slice('/media/'.length))
    queued++
  }
  if (queued) log.debug({ queued }, 'queued gallery variants for background rendering')
}
