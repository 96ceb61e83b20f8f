import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { RestMeta } from '@wayfarer/api'
import { restInput } from './rest-input'

const meta: RestMeta = { method: 'GET', path: '/api/things', summary: 'Things', aliases: { maxImages: 'limit' } }
const schema = z.object({
  limit: z.number().int().optional(),
  tags: z.array(z.number()).optional(),
  q: z.string().optional(),
})

describe('REST input', () => {
  it('coerces URL text by the schema, renames aliases and keeps only known fields', () => {
    expect(
      restInput(schema, meta, {
        params: {},
        query: { maxImages: '5', tags: '1,2', q: '', extra: 'x' },
        body: undefined,
      }),
    ).toEqual({ limit: 5, tags: [1, 2] })
  })

  it('never reads what objects inherit: __proto__, constructor and toString are unknown fields, not schema parts', () => {
    const query = JSON.parse('{"__proto__": "x", "constructor": "", "toString": "1", "limit": "3"}') as Record<
      string,
      unknown
    >
    const body = JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {}}}') as unknown
    const input = restInput(schema, meta, { params: {}, query, body })
    expect(input).toEqual({ limit: 3 })
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(
      restInput(schema, { ...meta, aliases: undefined }, { params: {}, query: { constructor: '1' }, body: undefined }),
    ).toEqual({})
  })
})
