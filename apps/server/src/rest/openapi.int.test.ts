import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouteOptions } from 'fastify'
import { Validator } from '@seriousme/openapi-schema-validator'
import { startTestServer, type TestServer } from '../testing/test-server'
import { createReadingFixtures } from '../testing/reading-fixtures'
import { restProcedures } from '.'

interface Operation {
  operationId?: string
  security?: unknown[]
  parameters?: { name: string; in: string }[]
  requestBody?: { content: Record<string, unknown> }
}
interface Document {
  openapi: string
  paths: Record<string, Record<string, Operation>>
}

let server: TestServer
let document: Document
const registered: string[] = []
beforeAll(async () => {
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (route.url.startsWith('/api/') && method !== 'HEAD' && !route.url.endsWith('*'))
        registered.push(`${method} ${route.url}`)
    }
  }
  server = await startTestServer({ onRoute })
  await createReadingFixtures(server.database.prisma, [
    { slug: 'first-story', title: 'First Story', category: 'adventure', daysAgo: 1 },
    { slug: 'second-story', title: 'Second Story', category: 'adventure', daysAgo: 2 },
  ])
  const res = await server.app.inject({ method: 'GET', url: '/api/openapi.json' })
  expect(res.statusCode).toBe(200)
  document = res.json()
})
afterAll(() => server.close())

const openApiKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{([A-Za-z_]+)\}/g, ':$1')}`
const operations = () =>
  Object.entries(document.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: openApiKey(method, path), op })),
  )

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document as unknown as Record<string, unknown>)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(document.openapi).toBe('3.1.0')
  })

  it('lists every REST path the server answers, and only those', () => {
    const documented = operations()
      .map((o) => o.key)
      .sort()
    const served = registered.filter((k) => k !== 'GET /api/openapi.json').sort()
    expect(documented).toEqual(served)
    expect(served.length).toBeGreaterThan(55)
  })

  it('lists the trips paths, public and owner-only', () => {
    const byKey = new Map(operations().map((o) => [o.key, o.op]))
    const publicPaths = [
      'GET /api/trips',
      'GET /api/trips/:slug',
      'GET /api/trips/:slug/days/:day/photos',
      'GET /api/trips/:slug/timeline',
      'GET /api/posts/slug/:slug/trip',
    ]
    const ownerPaths = [
      'GET /api/trips/admin',
      'GET /api/trips/admin/:id',
      'POST /api/trips',
      'PUT /api/trips/:id',
      'DELETE /api/trips/:id',
      'POST /api/trips/:id/days',
      'PUT /api/posts/:id/trip',
      'PUT /api/gallery/trip',
    ]
    for (const key of publicPaths) expect(byKey.get(key)?.security, key).toBeUndefined()
    for (const key of ownerPaths) expect(byKey.get(key)?.security, key).toBeTruthy()
  })

  it('asks for the bearer token exactly on the owner-only paths', () => {
    const byKey = new Map(operations().map((o) => [o.key, o.op]))
    for (const p of restProcedures()) {
      const op = byKey.get(`${p.rest.method} ${p.rest.path}`)
      expect(op?.operationId).toBe(p.procedure)
      expect(Boolean(op?.security), p.procedure).toBe(p.admin)
    }
    expect(byKey.get('GET /api/export')?.security).toBeTruthy()
  })

  it('names parameters as the REST contract does: path parameters, aliases, a JSON body or a multipart file', () => {
    const op = (key: string) => operations().find((o) => o.key === key)!.op
    expect(op('GET /api/comments/post/:postId').parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'postId', in: 'path' })]),
    )
    expect(
      op('GET /api/places/nearest')
        .parameters?.map((p) => p.name)
        .sort(),
    ).toEqual(['lat', 'lng'])
    expect(op('GET /api/gallery').parameters?.map((p) => p.name)).toEqual(['maxImages'])
    // The inputs tRPC's infinite queries page with `cursor` keep the REST names `page` and `next`.
    expect(op('GET /api/comments/post/:postId').parameters?.map((p) => p.name)).toEqual(['postId', 'page', 'limit'])
    expect(op('GET /api/gallery/cloudinary').parameters?.map((p) => p.name)).toEqual(['folder', 'limit', 'next'])
    expect(Object.keys(op('POST /api/comments/submit').requestBody!.content)).toEqual(['application/json'])
    expect(Object.keys(op('POST /api/posts/:id/route').requestBody!.content)).toEqual(['multipart/form-data'])
    expect(op('PUT /api/posts/:id').parameters?.map((p) => p.name)).toEqual(['id'])
  })
})

describe('the adapter reads URL text with the input schemas', () => {
  it('turns query numbers into numbers, and an empty value into "not given"', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/posts?limit=1&page=&category=' })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toHaveLength(1)
    expect(res.json().pagination).toMatchObject({ page: 1 })
  })

  it("refuses text where a number belongs, in the schema's words", async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/posts?limit=many' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, error: expect.stringMatching(/^Limit must be a number/) })
  })

  it('accepts the documented name for a field (maxImages for limit)', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/gallery?maxImages=0' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatch(/at least 1/)
  })

  it('takes a path parameter over the same field in the body', async () => {
    const token = await server.ownerToken()
    const res = await server.app.inject({
      method: 'DELETE',
      url: '/api/comments/999999',
      payload: { id: 'not-a-number' },
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().success).toBe(false)
  })
})
