import type { FastifyInstance, FastifyReply } from 'fastify'
import { confirmByLink, getSiteSettings, unsubscribeByLink, type AppDeps, type LinkOutcome } from '@wayfarer/api'
import { messages } from '@wayfarer/api/messages'

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** A plain page that says what the link did: it works without the web app and without JavaScript. */
async function page(deps: AppDeps, reply: FastifyReply, outcome: LinkOutcome, done: string, title: string) {
  const site = await getSiteSettings(deps)
  const text = outcome === 'done' ? done : messages.newsletter.badLink
  const heading = outcome === 'done' ? title : 'Link not valid'
  return reply
    .code(outcome === 'done' ? 200 : 400)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${escape(site.language)}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(heading)} | ${escape(site.name)}</title></head>` +
        `<body><main><h1>${escape(heading)}</h1><p>${escape(text)}</p><p><a href="${escape(deps.config.publicUrl)}/">Back to ${escape(site.name)}</a></p></main></body></html>`,
    )
}

const tokenOf = (query: unknown): string => {
  const token = (query as { token?: unknown } | null)?.token
  return typeof token === 'string' ? token : ''
}

/**
 * The links in followers' mails (docs/followers.md): confirm, unsubscribe, and the one-click unsubscribe POST
 * that mail clients send on their own (RFC 8058), with a form-encoded body this scope reads as text.
 */
export function registerNewsletterRoutes(app: FastifyInstance, deps: AppDeps): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body))
    scope.get('/newsletter/confirm', async (request, reply) =>
      page(deps, reply, await confirmByLink(deps, tokenOf(request.query)), messages.newsletter.confirmed, 'Subscribed'),
    )
    // The link (GET) and the one-click POST do the same: the token is in the query either way.
    scope.route({
      method: ['GET', 'POST'],
      url: '/newsletter/unsubscribe',
      handler: async (request, reply) =>
        page(
          deps,
          reply,
          await unsubscribeByLink(deps, tokenOf(request.query)),
          messages.newsletter.unsubscribed,
          'Unsubscribed',
        ),
    })
  })
}
