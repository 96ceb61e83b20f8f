import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, renderHead, renderNoscript, type PageHead } from '../seo/render-head'
import type { HtmlPages } from './error-boundary'
import { routePreloads } from './route-preloads'

/** Decides the <head> and status of a public URL (SEO); the default knows nothing about content. */
export type HeadResolver = (request: FastifyRequest) => Promise<PageHead>

const defaultHead: HeadResolver = async () => ({
  status: 200,
  title: DEFAULT_TITLE,
  description: DEFAULT_DESCRIPTION,
  extraTags: [],
})

const HEAD_MARKER = '<!--app-head-->'
const APP_ROOT = '<div id="root"></div>'

/** The page's language from the site settings (a checked tag: letters, digits and hyphens only). */
const withLang = (template: string, lang: string | undefined): string =>
  lang && /^[A-Za-z0-9-]+$/.test(lang)
    ? template.replace(/<html(?: lang="[^"]*")?(?=[\s>])/, `<html lang="${lang}"`)
    : template

/** The path with one trailing slash dropped, as the router matches it; undecodable stays as it came. */
const safePath = (pathname: string): string => {
  try {
    return decodeURIComponent(pathname).replace(/(.)\/+$/, '$1')
  } catch {
    return pathname
  }
}

/** Where an old address (an imported site's permalink) now lives; `isRealPage` says whether the site has a page there. */
export type RedirectFinder = (url: string, isRealPage: () => Promise<boolean>) => Promise<string | null>

/**
 * Serves the built web app: hashed assets from disk (cached for a year), and index.html — with the page's
 * own <head> injected — for every other GET path, so the client router takes over (history fallback).
 * Returns the pages the error boundary answers HTML routes with (none without a web build).
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  resolveHead: HeadResolver = defaultHead,
  findRedirect?: RedirectFinder,
): Promise<HtmlPages | undefined> {
  const indexFile = path.join(distDir, 'index.html')
  if (!existsSync(indexFile)) {
    app.log.warn(`No web build at ${distDir}: run "npm run build" to serve the site`)
    return undefined
  }
  const template = readFileSync(indexFile, 'utf8').replace(/<title>.*?<\/title>\s*/s, '')
  const pageCode = routePreloads(distDir)
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: false,
    // The .br and .gz copies the build wrote beside each asset, for clients that accept them.
    preCompressed: true,
    // Our own header below: hashed assets never change, everything else is revalidated.
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
      // Which copy was sent depends on Accept-Encoding: shared caches must keep them apart.
      res.setHeader('vary', 'Accept-Encoding')
    },
  })
  return {
    // Every GET the routes and static files do not answer (the error boundary hands them here).
    async notFound(request, reply) {
      const pathname = request.url.split('?')[0] ?? '/'
      const asset = /\.[a-z0-9]{2,5}$/i.test(pathname)
      let resolved: PageHead | undefined
      const pageHead = async () => (resolved ??= await resolveHead(request))
      // Old addresses of imported stories, before the SPA fallback, only where the site has no page of its own.
      const target = findRedirect
        ? await findRedirect(request.url, async () => !asset && (await pageHead()).status !== 404)
        : null
      if (target) return reply.code(301).header('location', target).header('cache-control', 'no-cache').send()
      if (asset) return reply.code(404).send({ success: false, error: 'Not found' })
      const head = await pageHead()
      if (head.private) reply.header('x-robots-tag', 'noindex, nofollow')
      return reply
        .code(head.status)
        .header('cache-control', head.private ? 'private, no-store' : 'no-cache')
        .type('text/html; charset=utf-8')
        .send(
          withLang(template, head.lang)
            // After the entry's own chunks, which the page needs first.
            .replace('</head>', () => `${head.status === 200 ? pageCode(safePath(pathname)) : ''}</head>`)
            // A function, not a string: a "$'" or "$&" in a story's title is text, not a replacement pattern.
            .replace(HEAD_MARKER, () => renderHead(head))
            .replace(APP_ROOT, () => APP_ROOT + renderNoscript(head)),
        )
    },
    error: (status) =>
      template.replace(HEAD_MARKER, () =>
        renderHead({
          status,
          title: status === 404 ? 'Page Not Found' : 'Something went wrong',
          description: DEFAULT_DESCRIPTION,
          extraTags: [],
        }),
      ),
  }
}
