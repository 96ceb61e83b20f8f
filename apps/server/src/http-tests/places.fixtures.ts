import type { TestServer } from '../testing/test-server'

/** Creates a story through the REST path and returns its id and slug. */
export async function createStory(
  server: TestServer,
  token: string,
  fields: Record<string, unknown>,
): Promise<{ id: number; slug: string }> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: { authorization: `Bearer ${token}` },
    payload: { content: '<p>A story from the road.</p>', status: 'published', ...fields },
  })
  if (res.statusCode !== 200) throw new Error(`story not created: ${res.body}`)
  return res.json().data
}

/** A multipart body with one file field, as a browser's FormData would send it. */
export async function multipart(field: string, bytes: Uint8Array, filename: string, type: string) {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename)
  const request = new Request('http://local/', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  }
}

/** A GPX 1.1 track through the given [lat, lon, elevation?, time?] points. */
export const gpxOf = (points: [number, number, number?, string?][], name = 'Test walk') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>${name}</name><trkseg>
${points.map(([lat, lon, ele, time]) => `<trkpt lat="${lat}" lon="${lon}">${ele === undefined ? '' : `<ele>${ele}</ele>`}${time ? `<time>${time}</time>` : ''}</trkpt>`).join('\n')}
</trkseg></trk></gpx>`
