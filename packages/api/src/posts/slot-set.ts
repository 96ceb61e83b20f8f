// Sets of small non-negative integers (the search index's slots) and the bitmaps a search combines them in.
// Hand-written: the Roaring bitmap packages are native or WebAssembly builds for 32-bit ranges of any density;
// the search needs one thing, a set that is a sorted list while sparse and a bitmap once dense, ORed into plain
// `Uint32Array` bitmaps whose AND, popcount and walk are a few lines each.

/** A bitmap of `slots` bits, all clear. */
export const emptyBitmap = (slots: number) => new Uint32Array((slots + 31) >>> 5)

export const hasBit = (bits: Uint32Array, slot: number) => ((bits[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0

export function setBit(bits: Uint32Array, slot: number): void {
  bits[slot >>> 5]! |= 1 << (slot & 31)
}

/** How many bits of one word are set. */
export function bitsIn(x: number): number {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/** How many bits are set. */
export function countBits(bits: Uint32Array): number {
  let count = 0
  for (let i = 0; i < bits.length; i++) count += bitsIn(bits[i]!)
  return count
}

/** Calls `visit` with every set bit, lowest first. */
export function forEachBit(bits: Uint32Array, visit: (slot: number) => void): void {
  for (let i = 0; i < bits.length; i++) {
    let x = bits[i]!
    while (x !== 0) {
      const lowest = x & -x
      visit(i * 32 + 31 - Math.clz32(lowest))
      x ^= lowest
    }
  }
}

/** A copy of `from` `length` long (longer or shorter). */
function resized<T extends Int32Array | Uint32Array>(from: T, length: number): T {
  const to = new (from.constructor as new (length: number) => T)(length)
  to.set(from.length > length ? from.subarray(0, length) : from)
  return to
}

/**
 * The slots holding one term (or three letters): a sorted list while they are few, a bitmap (a bit a slot) once
 * they are more than one slot in 32, from where the bitmap is the smaller of the two. Slots are added in rising
 * order only, and never taken out: the slots of stories no longer public stay until the index is compacted, and
 * a search masks them with the live slots.
 */
export class SlotSet {
  size = 0
  private list: Int32Array | undefined = new Int32Array(2)
  private bits: Uint32Array | undefined

  get isBitmap(): boolean {
    return this.bits !== undefined
  }

  add(slot: number): void {
    if (this.bits) {
      if (slot >>> 5 >= this.bits.length)
        this.bits = resized(this.bits, Math.max((slot >>> 5) + 1, this.bits.length + (this.bits.length >>> 2)))
      setBit(this.bits, slot)
      this.size++
      return
    }
    let list = this.list!
    if (this.size === list.length) list = this.list = resized(list, list.length * 2)
    list[this.size++] = slot
    if (this.size >= 64 && this.size * 32 > slot) {
      const bits = emptyBitmap(slot + 1)
      for (let i = 0; i < this.size; i++) setBit(bits, list[i]!)
      this.bits = bits
      this.list = undefined
    }
  }

  has(slot: number): boolean {
    if (this.bits) return hasBit(this.bits, slot)
    // The list is sorted: a binary search.
    const list = this.list!
    let low = 0
    let high = this.size
    while (low < high) {
      const mid = (low + high) >>> 1
      if (list[mid]! < slot) low = mid + 1
      else high = mid
    }
    return low < this.size && list[low] === slot
  }

  /** Sets its slots' bits in `into` (long enough for every slot of the index). */
  orInto(into: Uint32Array): void {
    if (this.bits) {
      const bits = this.bits
      const end = Math.min(bits.length, into.length)
      for (let i = 0; i < end; i++) into[i]! |= bits[i]!
      return
    }
    const list = this.list!
    for (let i = 0; i < this.size; i++) {
      const slot = list[i]!
      into[slot >>> 5]! |= 1 << (slot & 31)
    }
  }

  /** Every slot, lowest first. */
  forEach(visit: (slot: number) => void): void {
    if (this.bits) return forEachBit(this.bits, visit)
    for (let i = 0; i < this.size; i++) visit(this.list![i]!)
  }
}
