import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tripPage, tripsOutput, tripTimelinePage } from '@wayfarer/api/schemas'
import { startTestServer, type TestServer } from '../testing/test-server'
import { seedDemoContentIfEmpty } from '.'

let server: TestServer
beforeAll(async () => {
  // One instant for the seeding and the reads, so no midnight can fall between them.
  const now = new Date()
  server = await startTestServer({ deps: { now: () => now } })
  await seedDemoContentIfEmpty(server.app.deps, server.app.log)
}, 180_000)
afterAll(() => server.close())

const data = async (url: string) => (await server.api.get(url)).json().data

describe('demo trips', () => {
  it('seeds a live trip (no end date, started a few days ago) listed first, and a finished one', async () => {
    const { trips } = tripsOutput.parse({ trips: await data('/api/trips') })
    expect(trips.map((t) => [t.slug, t.state])).toEqual([
      ['patagonia-on-foot', 'live'],
      ['six-weeks-across-asia', 'finished'],
    ])
    expect(trips[0]).toMatchObject({ end_date: null, day_count: 4, photo_count: 1 })
    expect(trips[0]!.cover?.alt).toBe('Patagonian peaks')
    expect(trips[1]).toMatchObject({ day_count: 40, story_count: 4 })
    expect(trips[1]!.photo_count).toBeGreaterThanOrEqual(6)
    expect(trips[1]!.distance_m).toBeGreaterThan(80_000)
    expect(trips[1]!.country_codes).toEqual(expect.arrayContaining(['ID', 'PH', 'VN', 'NP']))
  })

  it('spreads the finished trip’s stories over several days, with photos on its days', async () => {
    const page = tripPage.parse(await data('/api/trips/six-weeks-across-asia'))
    // The page carries the first week, run on through the empty days 8–12; trips.timeline reads on from where each
    // page stops.
    const entries = [...page.timeline]
    for (let next = page.timeline_next_day; next !== null;) {
      const more = tripTimelinePage.parse(await data(`/api/trips/six-weeks-across-asia/timeline?from_day=${next}`))
      entries.push(...more.timeline)
      next = more.next_day
    }
    expect(page.timeline_next_day).toBe(13)
    expect(entries.at(-1)).toMatchObject({ kind: 'day', day: 40 })
    const days = entries.flatMap((e) => (e.kind === 'day' ? [e] : []))
    const storyDays = days.filter((d) => d.stories.length).map((d) => d.day)
    expect(storyDays).toEqual([3, 18, 25, 30])
    expect(days.filter((d) => d.photos.length).length).toBeGreaterThanOrEqual(5)
    expect(entries.some((e) => e.kind === 'gap')).toBe(true)
    expect(page.map.lines).toHaveLength(1)
    // The live trip's story is still a draft: visitors see its photos, not the draft.
    const live = tripPage.parse(await data('/api/trips/patagonia-on-foot'))
    expect(live.story_count).toBe(0)
    expect(live.timeline.flatMap((e) => (e.kind === 'day' ? e.photos.map((p) => p.title) : []))).toEqual([
      'Patagonian peaks',
    ])
  })

  it('gives the live trip a tracked route whose older points are public and whose last day is not', async () => {
    const live = tripPage.parse(await data('/api/trips/patagonia-on-foot'))
    expect(live.last_seen).toMatchObject({ place: 'El Calafate', note: 'Back in El Calafate for the bus south' })
    // 26 hours ago, to the minute: the points of the last day are still private.
    expect(Date.now() - Date.parse(live.last_seen!.at)).toBeGreaterThan(24 * 3_600_000)
    expect(live.map.lines.some((line) => line.length >= 5)).toBe(true)
    expect(live.distance_m).toBeGreaterThan(100_000)
  })
})
