import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing/test-server'
import { seedDemoContentIfEmpty } from '.'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  await seedDemoContentIfEmpty(server.app.deps, server.app.log)
}, 180_000)
afterAll(() => server.close())

describe('demo places', () => {
  it('puts the demo stories and photos on the map in their countries', async () => {
    const { countries, places } = (await server.app.inject({ method: 'GET', url: '/api/places/countries' })).json().data
    expect(countries.length).toBeGreaterThanOrEqual(20)
    expect(places).toBeGreaterThanOrEqual(30)
    expect(countries.find((c: { code: string }) => c.code === 'NP')).toMatchObject({ stories: 1, photos: 1 })
    const map = (await server.app.inject({ method: 'GET', url: '/api/places/map?zoom=0' })).json().data
    expect(map.clusters.length + map.stories.length + map.photos.length).toBeGreaterThan(0)
  })

  it('gives the Annapurna story a route generated here, its start as its point and the sunrise photo along it', async () => {
    const place = (
      await server.app.inject({ method: 'GET', url: '/api/posts/slug/ten-days-on-the-annapurna-circuit/place' })
    ).json().data
    expect(place).toMatchObject({ has_route: true, latitude: 28.23, longitude: 84.38, country_code: 'NP' })
    const route = (
      await server.app.inject({ method: 'GET', url: '/api/posts/slug/ten-days-on-the-annapurna-circuit/route' })
    ).json().data
    expect(route.distance_m).toBeGreaterThan(80_000)
    expect(route.elevation_gain_m).toBeGreaterThan(4000)
    expect(route.photos.map((p: { title: string }) => p.title)).toContain('Sunrise over the Annapurna range')
  })
})
