import { createReadStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { formatFor, NotFoundError, parseWidth, type ImageVariant, type LocalImageStore } from '@wayfarer/api'

/**
 * The local image store over HTTP: originals under /media/, 400×300 thumbnails under /media/thumb/ and srcset
 * widths under /media/w/<width>/ — derived images in AVIF or WebP when the browser accepts them, cached on disk.
 */
export async function registerLocalMedia(app: FastifyInstance, store: LocalImageStore, root: string): Promise<void> {
  const serveVariant = async (
    request: FastifyRequest,
    reply: FastifyReply,
    relative: string,
    variant: ImageVariant,
  ) => {
    try {
      const rendered = await store.variants.render(relative, variant, formatFor(request.headers.accept))
      return reply
        .header('content-type', rendered.contentType)
        .header('vary', 'Accept')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(rendered.file))
    } catch (error) {
      if (error instanceof NotFoundError) return reply.code(404).send({ success: false, error: error.message })
      request.log.warn({ err: error, relative }, 'could not render image variant')
      return reply.code(404).send({ success: false, error: 'Image not found' })
    }
  }

  app.get<{ Params: { '*': string } }>('/media/thumb/*', (request, reply) =>
    serveVariant(request, reply, request.params['*'], { kind: 'thumb' }),
  )
  app.get<{ Params: { width: string; '*': string } }>('/media/w/:width/*', (request, reply) => {
    const width = parseWidth(request.params.width)
    if (!width) return reply.code(404).send({ success: false, error: 'Image not found' })
    return serveVariant(request, reply, request.params['*'], { kind: 'width', width })
  })
  await mkdir(root, { recursive: true, mode: 0o700 })
  await app.register(fastifyStatic, {
    root: path.resolve(root),
    prefix: '/media/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    allowedPath: (pathname) => !pathname.endsWith('.json'),
  })
}
