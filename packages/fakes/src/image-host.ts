import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'

/** What the fake answers for one path. */
export interface FakeImageAnswer {
  status: number
  headers?: Record<string, string>
  body?: Buffer | string
}

export interface FakeImageHost {
  /** `http://127.0.0.1:<port>` (also reachable on ::1 when listening on `::`). */
  url: string
  port: number
  /** Every request as `<Host header> <path>`, in arrival order. */
  requests: string[]
  close(): Promise<void>
}

export interface FakeImageHostOptions {
  /** `127.0.0.1` (default), or `::` to listen on the IPv4 and IPv6 loopback at once. */
  listen?: '127.0.0.1' | '::'
  /** How a path is answered; the default is an old blog's uploads folder (see `oldSiteUploads`). */
  answer?: (path: string, host: FakeImageHost) => FakeImageAnswer
}

/** A real PNG of one colour, small enough for any fixture. */
export const fakePng = (background = '#3a7', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()

/**
 * A JPEG as a phone writes it: the camera, GPS near Pokhara (28.20960 N, 83.98676 E) and the time it was taken,
 * for the tests of the location offered from an uploaded photo (and kept private).
 */
export const photoWithGps = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a6f9a' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Wayfarer 1' },
      IFD2: { DateTimeOriginal: '2024:03:12 07:45:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '28/1 12/1 3456/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '83/1 59/1 1234/100',
      },
    })
    .toBuffer()

/** A port nothing listens on: images there are "not answering". */
export const DEAD_HOST = 'http://127.0.0.1:9'

/** An old site's uploads as an import meets them: any *.png is a real PNG, a *.jpg is broken, the rest 404. */
export function oldSiteUploads(png: Buffer): (path: string) => FakeImageAnswer {
  return (path) =>
    path.endsWith('.png')
      ? { status: 200, headers: { 'content-type': 'image/png' }, body: png }
      : path.endsWith('.jpg')
        ? { status: 200, headers: { 'content-type': 'image/jpeg' }, body: 'not really a jpeg' }
        : { status: 404 }
}

/**
 * A loopback stand-in for the image host of a site being imported (or, with `answer`, for an internal service a
 * hostile export points at). Each request is recorded, so a test can say which addresses were fetched and
 * which never were.
 */
export async function startFakeImageHost(options: FakeImageHostOptions = {}): Promise<FakeImageHost> {
  const answer = options.answer ?? oldSiteUploads(await fakePng())
  const requests: string[] = []
  const server: Server = createServer((req, res) => {
    requests.push(`${req.headers.host} ${req.url}`)
    const { status, headers, body } = answer(req.url ?? '/', host)
    res.writeHead(status, headers).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, options.listen ?? '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const host: FakeImageHost = {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  return host
}
