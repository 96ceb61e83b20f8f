import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { listProcedures } from './procedures'
import { cleanText, isPolicyText, text } from './input-policy'

type Node = z.core.$ZodType

// Strings held to an ISO date or time pattern (digits, "-", ":", "T", "Z", "+") cannot carry what text() refuses.
const ASCII_FORMATS = new Set(['date', 'datetime', 'time'])
const followsPolicy = (schema: z.ZodString) =>
  isPolicyText(schema) || ASCII_FORMATS.has((schema._zod.def as { format?: string }).format ?? '')

/** Every string a schema accepts, with its path (objects, arrays, unions, optional/nullable/default, pipes…). */
function* stringsIn(schema: Node, path: string, seen = new Set<Node>()): Generator<[string, z.ZodString]> {
  if (seen.has(schema)) return
  seen.add(schema)
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string }
  const walk = (child: unknown, at = path) => (child ? stringsIn(child as Node, at, seen) : [])
  switch (def.type) {
    case 'string':
      yield [path, schema as unknown as z.ZodString]
      return
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, Node>)) yield* walk(child, `${path}.${key}`)
      yield* walk(def.catchall)
      return
    case 'array':
      yield* walk(def.element, `${path}[]`)
      return
    case 'union':
      for (const option of def.options as Node[]) yield* walk(option)
      return
    case 'pipe':
      yield* walk(def.in)
      return
    case 'record':
      yield* walk(def.valueType, `${path}{}`)
      return
    case 'tuple':
      for (const item of def.items as Node[]) yield* walk(item)
      return
    case 'intersection':
      yield* walk(def.left)
      yield* walk(def.right)
      return
    default:
      yield* walk(def.innerType)
  }
}

describe('the input policy', () => {
  it('covers every text field of every procedure input, REST and tRPC alike (no free string bypasses it)', () => {
    const unchecked: string[] = []
    for (const { path: name, inputs } of listProcedures())
      for (const input of inputs as unknown as Node[])
        for (const [path, schema] of stringsIn(input, name)) if (!followsPolicy(schema)) unchecked.push(path)
    expect(unchecked).toEqual([])
  })

  it('refuses a lone surrogate with a clear message, and accepts a real pair (emoji)', () => {
    const title = text('Title')
    expect(title.safeParse('Sunset \uD83C\uDF05').success).toBe(true)
    for (const broken of ['a\uD800', '\uDC00b', 'x\uDBFFy']) {
      const result = title.safeParse(broken)
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.message).toMatch(/^Title contains a broken character/)
    }
  })

  it('cleans imported text the way typed text is checked', () => {
    expect(cleanText('Plain\ttext\n')).toEqual({ value: 'Plain\ttext\n', changed: false })
    expect(cleanText('Bell\u0007 and \u0000NUL\u007f')).toEqual({ value: 'Bell and NUL', changed: true })
    expect(cleanText('half \uD800 pair \uD83C\uDF05')).toEqual({
      value: 'half \uFFFD pair \uD83C\uDF05',
      changed: true,
    })
  })
})
