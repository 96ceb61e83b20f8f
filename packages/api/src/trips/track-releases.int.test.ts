import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '@wayfarer/db/testing'
import type { Database } from '@wayfarer/db'
import { TrackReleases } from './track-releases'

// When kept public answers stop being true because a tracked point goes public (docs/trips.md, "Live"). The HTTP
// tests (trips-live.int.test.ts) cover what visitors see; these cover what the public-read cache is told when a
// point arrives after answers were kept: here, or in another process, heard of on the next read.

let database: Database
let tripId: number
const START = Date.parse('2026-03-20T12:00:00Z')
let clock = START
const minutes = (n: number) => START + n * 60_000

beforeAll(async () => {
  database = await createTestDatabase()
  const trip = await database.prisma.trip.create({
    data: { slug: 'releases', title: 'Releases', startDate: new Date('2026-03-15'), timeZone: 'UTC' },
  })
  tripId = trip.id
})
afterAll(() => database.close())

/** A point as another process records it: straight into the table. */
const pointReleasedAt = (at: number) =>
  database.prisma.tripTrackPoint.create({
    data: {
      tripId,
      latitude: -50,
      longitude: -72,
      recordedAt: new Date(at - 30 * 60_000),
      source: 'owntracks',
      publicAt: new Date(at),
    },
  })

describe('the next release of a tracked point', () => {
  it('bounds answers kept with no release to come by a point recorded here or read from the database', async () => {
    const releases = new TrackReleases(database.prisma, () => clock, 5000)
    const bounds: number[] = []
    releases.onEarlier = (at) => bounds.push(at)
    await releases.read()
    // Nothing waiting: an answer may be kept with no limit.
    expect(releases.freshUntil()).toBeUndefined()

    // This process records a point going public in 30 minutes: the answer kept above ends then.
    releases.noteRelease(new Date(minutes(30)))
    expect(bounds).toEqual([minutes(30)])
    expect(releases.freshUntil()).toBe(minutes(30))
    // A later release changes nothing kept.
    releases.noteRelease(new Date(minutes(45)))
    expect(bounds).toEqual([minutes(30)])

    // Another process records one going public in 10 minutes; this one hears of it on its next read.
    await pointReleasedAt(minutes(10))
    clock += 5000
    await releases.read()
    expect(bounds).toEqual([minutes(30), minutes(10)])
    expect(releases.freshUntil()).toBe(minutes(10))
    // Reading it again tells nothing new.
    await releases.read()
    expect(bounds).toHaveLength(2)
  })

  it('a point public on arrival asks for everything kept to go', () => {
    const releases = new TrackReleases(database.prisma, () => clock)
    let released = 0
    releases.onReleased = () => released++
    releases.noteRelease(new Date(clock - 1))
    releases.noteRelease(null)
    expect(released).toBe(1)
  })
})
