import type { z } from 'zod'
import type { RestMeta } from '@wayfarer/api'

type Def = {
  type: string
  innerType?: z.ZodType
  in?: z.ZodType
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  items?: z.ZodType[]
}
// zod 4's public `.def`: the kind of schema and what it wraps.
const defOf = (schema: z.ZodType): Def => schema.def as unknown as Def

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'])

/** The schema under optional/default/transform wrappers: what the value must look like on the way in. */
export function coreOf(schema: z.ZodType): { core: Def; optional: boolean } {
  let current = schema
  let optional = false
  for (;;) {
    const def = defOf(current)
    if (WRAPPERS.has(def.type) && def.innerType) {
      if (def.type !== 'nonoptional') optional ||= def.type !== 'readonly' && def.type !== 'catch'
      current = def.innerType
    } else if (def.type === 'pipe' && def.in) current = def.in
    else return { core: def, optional }
  }
}

/**
 * URL text (and loosely typed JSON) to what the schema expects: "12" → 12 for a number, "true"/"1" → true for a
 * boolean, "a,b" → ["a", "b"] for a list or a tuple. Anything that does not convert is passed on unchanged, so the schema refuses it with its own message.
 */
export function coerce(schema: z.ZodType, value: unknown): unknown {
  const { core } = coreOf(schema)
  if (value === undefined || value === null) return value
  switch (core.type) {
    case 'number':
    case 'int':
      return typeof value === 'string' && value.trim() !== '' ? Number(value) : value
    case 'boolean':
      return value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value
    case 'array':
    case 'tuple': {
      const list = typeof value === 'string' ? value.split(',') : value
      if (!Array.isArray(list)) return value
      return list.map((item, i) => {
        const itemSchema = core.type === 'array' ? core.element : core.items?.[i]
        return itemSchema ? coerce(itemSchema, item) : item
      })
    }
    case 'object':
      return isRecord(value) && core.shape ? coerceObject(core.shape, value) : value
    default:
      return value
  }
}

function coerceObject(shape: Record<string, z.ZodType>, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value))
    out[key] = Object.hasOwn(shape, key) ? coerce(shape[key]!, item) : item
  return out
}

export interface RestRequestParts {
  params: Record<string, string>
  query: Record<string, unknown>
  body: unknown
}

/**
 * One input from a REST request: the query string, then the JSON body, then the path parameters (each later
 * one wins), renamed by the metadata's aliases, limited to the fields the input schema knows, and coerced.
 * An empty query value of an optional field (`?category=`) counts as not given.
 */
export function restInput(schema: z.ZodType | undefined, meta: RestMeta, request: RestRequestParts): unknown {
  if (!schema) return undefined
  // Own keys only: a request naming `__proto__` or `constructor` must not reach what every object inherits.
  const inputName = (name: string) => (meta.aliases && Object.hasOwn(meta.aliases, name) ? meta.aliases[name]! : name)
  const { core } = coreOf(schema)
  if (core.type !== 'object' || !core.shape) return coerce(schema, isRecord(request.body) ? request.body : undefined)
  const shape = core.shape
  const given = Object.entries(request.query).filter(([name, value]) => {
    const key = inputName(name)
    return !(value === '' && Object.hasOwn(shape, key) && coreOf(shape[key]!).optional)
  })
  const merged: Record<string, unknown> = {
    ...Object.fromEntries(given),
    ...(isRecord(request.body) ? request.body : {}),
    ...request.params,
  }
  const input: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(merged)) {
    const key = inputName(name)
    // A spec name (`maxImages`) never overrides the input's own name (`limit`) when both are sent.
    if (Object.hasOwn(shape, key) && !(key !== name && Object.hasOwn(merged, key))) input[key] = value
  }
  return coerce(schema, input)
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
