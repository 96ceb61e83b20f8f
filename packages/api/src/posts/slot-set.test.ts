import { describe, expect, it } from 'vitest'
import { countBits, emptyBitmap, forEachBit, hasBit, setBit, SlotSet } from './slot-set'

describe('the search index slot sets', () => {
  it('keep a sparse set as a list and a dense one as a bitmap, with the same answers either way', () => {
    const sparse = new SlotSet()
    const dense = new SlotSet()
    const sparseSlots: number[] = []
    const denseSlots: number[] = []
    for (let slot = 0; slot < 10_000; slot++) {
      if (slot % 997 === 3) {
        sparse.add(slot)
        sparseSlots.push(slot)
      }
      if (slot % 3 === 0) {
        dense.add(slot)
        denseSlots.push(slot)
      }
    }
    expect(sparse.isBitmap).toBe(false)
    expect(dense.isBitmap).toBe(true)
    for (const [set, slots] of [
      [sparse, sparseSlots],
      [dense, denseSlots],
    ] as const) {
      expect(set.size).toBe(slots.length)
      const seen: number[] = []
      set.forEach((slot) => seen.push(slot))
      expect(seen).toEqual(slots)
      for (let slot = 0; slot < 10_050; slot++) expect(set.has(slot)).toBe(slots.includes(slot))
      const bits = emptyBitmap(10_050)
      set.orInto(bits)
      expect(countBits(bits)).toBe(slots.length)
      const back: number[] = []
      forEachBit(bits, (slot) => back.push(slot))
      expect(back).toEqual(slots)
    }
  })

  it('counts, sets and reads the bits of a bitmap, the last word and bit 31 included', () => {
    const bits = emptyBitmap(70)
    expect(bits.length).toBe(3)
    for (const slot of [0, 31, 32, 63, 69]) setBit(bits, slot)
    expect(countBits(bits)).toBe(5)
    expect([0, 1, 31, 32, 33, 63, 69, 1_000].map((slot) => hasBit(bits, slot))).toEqual([
      true,
      false,
      true,
      true,
      false,
      true,
      true,
      false,
    ])
  })
})
