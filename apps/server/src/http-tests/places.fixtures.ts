import type { TestServer } from '../testing/test-server'

/** Creates a story through the REST path and returns its id and slug. */
export async function createStory(
  server: TestServer,
  fields: Record<string, unknown>,
): Promise<{ id: number; slug: string }> {
  const owner = await server.api.asOwner()
  const res = await owner.post('/api/posts', {
    content: '<p>A story from the road.</p>',
    status: 'published',
    ...fields,
  })
  if (res.statusCode !== 200) throw new Error(`story not created: ${res.body}`)
  return res.json().data
}

/** A GPX 1.1 track through the given [lat, lon, elevation?, time?] points. */
export const gpxOf = (points: [number, number, number?, string?][], name = 'Test walk') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>${name}</name><trkseg>
${points.map(([lat, lon, ele, time]) => `<trkpt lat="${lat}" lon="${lon}">${ele === undefined ? '' : `<ele>${ele}</ele>`}${time ? `<time>${time}</time>` : ''}</trkpt>`).join('\n')}
</trkseg></trk></gpx>`
