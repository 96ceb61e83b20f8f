import fc from 'fast-check'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { expect } from 'vitest'
import { listProcedures } from '@wayfarer/api'
import { restProcedures } from '../rest/procedures'
import { coreOf } from '../rest/rest-input'
import { createReadingFixtures } from '../testing/reading-fixtures'
import { startTestServer, type TestServer } from '../testing/test-server'

// The shared parts of the fuzz suite. Targets come from what the server really serves (its route table and the
// tRPC router), never from a hand-kept list.

/** Field names the API uses, so generated bodies reach validation of real fields, not only unknown keys. */
const FIELD_NAMES = [
  'email',
  'password',
  'title',
  'content',
  'excerpt',
  'status',
  'slug',
  'id',
  'ids',
  'post_id',
  'postId',
  'author_name',
  'author_email',
  'name',
  'subject',
  'message',
  'page',
  'limit',
  'search',
  'category',
  'category_id',
  'tags',
  'action',
  'public_id',
  'folder',
  'apiKey',
  'geminiApiKey',
  'model',
  'maxTokens',
  'enabled',
  'prompt',
  'type',
  'from',
  'to',
  'url',
  'lat',
  'lng',
  'latitude',
  'longitude',
  'country_code',
  'bbox',
  'zoom',
  'q',
  'token',
  'website',
  'published_at',
  '__proto__',
  'constructor',
]

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0007\u001b[2J',
    '../../../etc/passwd',
    '..%2f..%2fetc%2fpasswd',
    '%00',
    '\uFFFF\uD800',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '__proto__',
    'constructor',
    '9'.repeat(40),
    '-1',
    'NaN',
    '',
  ),
  fc.string({ minLength: 5_000, maxLength: 20_000 }).map((s) => s.padEnd(5_000, 'x')),
)
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(2_147_483_648, 9_007_199_254_740_991, -2_147_483_649, 1e308, -0, 0, 1),
)
const hostileScalar = fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.constant(null))

/** Any JSON value an attacker could send: scalars, arrays where scalars belong, objects with odd keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileScalar,
    fc.array(tie('value'), { maxLength: 4 }),
    tie('object'),
  ),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 10 })), tie('value'), {
    maxKeys: 6,
  }),
})).value

/** A body: usually an object of real field names with hostile values, sometimes anything at all. */
export const hostileBody = fc.oneof(
  { weight: 3, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { maxKeys: 8 }) },
  { weight: 1, arbitrary: hostileValue },
)

/** A path parameter or query value as raw URL text (already encoded, sometimes badly). */
export const hostileUrlText = fc.oneof(
  hostileText.map((t) => encodeURIComponent(t.slice(0, 300).replace(/[\uD800-\uDFFF]/g, '\uFFFD'))),
  fc.constantFrom('%', '%zz', '..%2f..', '%2e%2e', '2147483648', '-1', '1e999', '0x10', '%00', '..', '.', '1'),
)

/**
 * What the REST adapter's coercion has to get right: numbers in every spelling, booleans, lists, empty values.
 * Already URL text (encoded), so it goes into paths and query strings as it is.
 */
const coercionText = fc
  .constantFrom('', '0', '1', '-1', '1.5', '1e999', 'NaN', 'Infinity', '0x10', ' 12 ', 'true', 'false', 'a,b', ',')
  .map(encodeURIComponent)

/**
 * The names a REST path's procedure reads, as the adapter takes them (its input's fields and their aliases), plus
 * keys it must ignore. A route the adapter does not build (none today) gets the API's field names.
 */
function restFieldNames(route: RestRoute): string[] {
  const procedure = restProcedures().find((p) => p.rest.method === route.method && p.rest.path === route.url)
  if (!procedure) return FIELD_NAMES
  const shape = procedure.input ? coreOf(procedure.input).core.shape : undefined
  return [...Object.keys(shape ?? {}), ...Object.keys(procedure.rest.aliases ?? {}), '__proto__', 'constructor', 'x']
}

/**
 * One REST request aimed at the generic adapter rather than at each schema (the tRPC fuzz sends the schemas
 * hostile input): the route's own fields and aliases in the query string and the body, coercion edge cases and
 * hostile text as values, odd path parameters, sometimes a body that is not an object at all.
 */
export function restRequest(route: RestRoute) {
  const names = fc.constantFrom(...restFieldNames(route))
  const urlValue = fc.oneof(coercionText, hostileUrlText)
  const bodyValue = fc.oneof(
    coercionText.map(decodeURIComponent),
    hostileValue,
    fc.array(coercionText.map(decodeURIComponent), { maxLength: 3 }),
  )
  return fc.record({
    params: fc.array(urlValue, { minLength: 3, maxLength: 3 }),
    query: fc.dictionary(names, urlValue, { maxKeys: 4 }),
    body: fc.oneof(
      { weight: 4, arbitrary: fc.dictionary(names, bodyValue, { maxKeys: 6 }) },
      { weight: 1, arbitrary: hostileValue },
    ),
  })
}

export interface RestRoute {
  method: string
  url: string
}

/** A test server with one published story, and every `/api` route it registered (HEAD and the catch-all left out). */
export async function startFuzzServer(): Promise<{ server: TestServer; routes: RestRoute[] }> {
  const routes: RestRoute[] = []
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (route.url.startsWith('/api/') && method !== 'HEAD' && !route.url.endsWith('*'))
        routes.push({ method, url: route.url })
    }
  }
  // Upstream services on a closed loopback port: a hostile key reaches nothing outside.
  const server = await startTestServer({
    onRoute,
    config: { geminiBaseUrl: 'http://127.0.0.1:9' },
  })
  await createReadingFixtures(server.database.prisma, [
    { slug: 'fuzz-story', title: 'Fuzz Story', category: 'adventure', daysAgo: 1 },
  ])
  return { server, routes }
}

/**
 * A body for one procedure: usually an object of its own input fields (with the API's other names, `__proto__` and
 * odd keys mixed in) holding hostile values, sometimes anything at all. Aimed at the procedure's fields, a run
 * reaches its validation and service far more often than a body of names picked from the whole API would, so fewer
 * runs check the same.
 */
export function hostileBodyFor(fields: string[]) {
  if (!fields.length) return hostileBody
  const key = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...fields) },
    { weight: 1, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  )
  return fc.oneof(
    { weight: 3, arbitrary: fc.dictionary(key, hostileValue, { maxKeys: 8 }) },
    { weight: 1, arbitrary: hostileValue },
  )
}

/** The tRPC procedures with their kind and their input's field names, from the router itself. */
export function trpcProcedures(): { path: string; type: 'query' | 'mutation'; fields: string[] }[] {
  return listProcedures().map(({ path, type, inputs }) => {
    const shape = inputs[0] ? coreOf(inputs[0]).core.shape : undefined
    return { path, type, fields: Object.keys(shape ?? {}) }
  })
}

/** The procedures that answer 401 to an anonymous call: the owner's. */
export async function ownerOnlyProcedures(server: TestServer): Promise<Set<string>> {
  const ownerOnly = new Set<string>()
  for (const p of trpcProcedures())
    if ((await callTrpc(server.app, p.path, p.type, {})).statusCode === 401) ownerOnly.add(p.path)
  return ownerOnly
}

/** Row counts of every table an anonymous visitor could write to, to prove a refused call wrote nothing. */
export async function writableRowCounts(server: TestServer): Promise<string> {
  const rows = await server.database.prisma.$queryRawUnsafe<Record<string, unknown>[]>(
    `SELECT (SELECT count(*) FROM "posts") AS posts, (SELECT count(*) FROM "comments") AS comments,
            (SELECT count(*) FROM "contact_messages") AS messages, (SELECT count(*) FROM "sessions") AS sessions,
            (SELECT count(*) FROM "gallery_images") AS gallery, (SELECT count(*) FROM "redirects") AS redirects`,
  )
  return JSON.stringify(rows[0], (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v))
}

const INTERNAL_TEXT = /prisma|\n\s+at |node_modules|TypeError|ReferenceError|Invalid `/i

/**
 * The calls that go to Gemini with the key they are given: with the upstream unreachable they answer 502 "Could
 * not reach Gemini…" by design (the gateway failed, not the server).
 */
const CALLS_UPSTREAM =
  /^(POST \/api\/ai\/|POST \/api\/posts\/:id\/ai\/|POST \/api\/gallery\/ai-metadata|ai\.|posts\.aiGenerate|gallery\.aiMetadata)/
const expectNoServerError = (label: string, res: { statusCode: number; body: string }) => {
  if (res.statusCode === 502 && CALLS_UPSTREAM.test(label)) return expect(res.body).toContain('Could not reach Gemini')
  expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500)
}

/** Never a 5xx; a refused REST call answers the documented envelope with no internal text. */
export function expectRestAnswer(
  label: string,
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
) {
  expectNoServerError(label, res)
  if (res.statusCode < 400) return
  const body = JSON.parse(res.body) as { success?: unknown; error?: unknown }
  expect([label, body.success, typeof body.error]).toEqual([label, false, 'string'])
  expect(String(body.error), label).not.toMatch(INTERNAL_TEXT)
}

/** Never a 5xx from tRPC, and no internal text in its error. */
export function expectTrpcAnswer(label: string, res: { statusCode: number; body: string }) {
  expectNoServerError(label, res)
  expect(res.body, label).not.toMatch(INTERNAL_TEXT)
}

/** Fills `:params` of a route with generated URL text and adds a hostile query string. */
export function requestUrl(route: string, params: string[], query: Record<string, string>): string {
  let i = 0
  const path = route.replace(/:[A-Za-z]+/g, () => params[i++] ?? '1')
  const qs = Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
    .join('&')
  return qs ? `${path}?${qs}` : path
}

/** Sends one tRPC call the way the client does (GET with ?input= for queries, POST for mutations). */
export function callTrpc(
  app: FastifyInstance,
  path: string,
  type: 'query' | 'mutation',
  input: unknown,
  headers: Record<string, string> = {},
) {
  const json = JSON.stringify(input) ?? 'null'
  return type === 'query'
    ? app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(json)}`, headers })
    : app.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: json,
      })
}

/** The routes that answer 401 to an anonymous call: the owner's. */
export async function ownerOnlyRoutes(server: TestServer, routes: RestRoute[]): Promise<Set<string>> {
  const ownerOnly = new Set<string>()
  for (const route of routes) {
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE'
    const probe = await server.app.inject({
      method: route.method as 'GET',
      url: requestUrl(route.url, [], {}),
      ...(hasBody ? { payload: {} } : {}),
    })
    if (probe.statusCode === 401) ownerOnly.add(`${route.method} ${route.url}`)
  }
  return ownerOnly
}
