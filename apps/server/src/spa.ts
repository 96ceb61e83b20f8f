import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, renderHead, type PageHead } from './page-head'

/** Decides the <head> and status of a public URL (SEO); the default knows nothing about content. */
export type HeadResolver = (request: FastifyRequest) => Promise<PageHead>

const defaultHead: HeadResolver = async () => ({
  status: 200,
  title: DEFAULT_TITLE,
  description: DEFAULT_DESCRIPTION,
  extraTags: [],
})

const HEAD_MARKER = '<!--app-head-->'

/**
 * Serves the built web app: hashed assets from disk (cached for a year), and index.html — with the page's
 * own <head> injected — for every other GET path, so the client router takes over (history fallback).
 */
export async function registerSpa(app: FastifyInstance, distDir: string, resolveHead: HeadResolver = defaultHead) {
  const indexFile = path.join(distDir, 'index.html')
  if (!existsSync(indexFile)) {
    app.log.warn(`No web build at ${distDir}: run "npm run build" to serve the site`)
    return
  }
  const template = readFileSync(indexFile, 'utf8').replace(/<title>.*?<\/title>\s*/s, '')
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: false,
    // Our own header below: hashed assets never change, everything else is revalidated.
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/'
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send({ success: false, error: 'Not found' })
    if (/^\/(api|trpc|media)(\/|$)/.test(pathname) || /\.[a-z0-9]{2,5}$/i.test(pathname)) {
      return reply.code(404).type('text/plain').send('Not found')
    }
    const head = await resolveHead(request)
    return reply
      .code(head.status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(template.replace(HEAD_MARKER, renderHead(head)))
  })
}
