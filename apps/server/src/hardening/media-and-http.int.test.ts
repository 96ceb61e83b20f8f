import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, testPhoto, type TestServer } from '../testing/test-server'

// Media paths (no traversal, no shared cache keys), uploads over the size limit and slow bodies.
let server: TestServer
let port: number
let token: string
let dataDir: string

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'wf-media-'))
  server = await startTestServer({ config: { dataDir, requestTimeoutMs: 1000 } })
  token = await server.ownerToken()
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  port = (server.app.server.address() as { port: number }).port
})
afterAll(async () => {
  await server.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Sends bytes exactly as written (no URL normalisation) and returns the status line and body. */
function raw(
  request: string,
  { dribble }: { dribble?: number } = {},
): Promise<{ status: number; body: string; ms: number }> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let data = ''
    let timer: NodeJS.Timeout | undefined
    socket.on('connect', () => {
      socket.write(request)
      if (dribble) timer = setInterval(() => socket.writable && socket.write('x'), dribble)
    })
    socket.on('data', (d) => (data += d))
    socket.on('error', reject)
    socket.on('close', () => {
      clearInterval(timer)
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)
      resolve({ status, body: data.split('\r\n\r\n').slice(1).join('\r\n\r\n'), ms: Date.now() - started })
    })
  })
}
const get = (target: string) =>
  raw(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nAccept: image/webp\r\nConnection: close\r\n\r\n`)

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  )

async function uploadPhoto(): Promise<string> {
  const owner = await server.api.asOwner()
  const res = await owner.upload('/api/gallery/upload?folder=tests', { bytes: await testPhoto(), filename: 'p.jpg' })
  return (res.json() as { data: { url: string } }).data.url.replace('/media/', '')
}

describe('media paths', () => {
  it('refuses traversal in every spelling and writes derived images only inside their own variant directory', async () => {
    const photo = await uploadPhoto() // tests/<id>.jpg
    const name = photo.split('/')[1]!
    const attempts = [
      `/media/thumb/x/../../images/${photo}`,
      `/media/thumb/../../../images/${photo}`,
      `/media/thumb/tests/../../image-cache/x/../../images/${photo}`,
      `/media/thumb/%2e%2e/images/${photo}`,
      `/media/thumb/tests%2f..%2f..%2fimages%2f${photo.replace('/', '%2f')}`,
      `/media/thumb/%252e%252e/images/${photo}`,
      `/media/w/400/..%5c..%5cimages%5c${photo.replace('/', '%5c')}`,
      `/media/thumb/tests/${name}%00.jpg`,
      `/media/thumb/./${photo}`,
      `/media/thumb//${photo}`,
    ]
    for (const target of attempts) expect((await get(target)).status, target).toBe(404)

    expect((await get(`/media/thumb/${photo}`)).status).toBe(200)
    expect((await get(`/media/w/400/${photo}`)).status).toBe(200)
    const cacheRoot = path.join(dataDir, 'image-cache')
    const cached = filesUnder(cacheRoot).map((f) => path.relative(cacheRoot, f))
    expect(cached.sort()).toEqual([`thumb/${photo}.webp`, `w400/${photo}.webp`])
    // Distinct variants: the thumbnail is a 400×300 crop, the srcset width keeps the photo's 3:2 shape.
    const thumb = await sharp(path.join(cacheRoot, `thumb/${photo}.webp`)).metadata()
    const width = await sharp(path.join(cacheRoot, `w400/${photo}.webp`)).metadata()
    expect([thumb.width, thumb.height, width.width, width.height]).toEqual([400, 300, 400, 267])
    // Nothing else appeared anywhere in the data directory (besides the server's backup socket).
    const everything = filesUnder(dataDir).map((f) => path.relative(dataDir, f))
    expect(
      everything.filter((f) => !f.startsWith('images/') && !f.startsWith('image-cache/') && f !== 'control.sock'),
    ).toEqual([])
  })
})

describe('uploads over the size limit', () => {
  const big = () => new Uint8Array(11 * 1024 * 1024).fill(7)

  it('answers an 11 MB upload with 413 and the documented message every time, announced or streamed', async () => {
    for (let i = 0; i < 4; i++) {
      const form = new FormData()
      form.append('image', new Blob([big()], { type: 'image/jpeg' }), 'big.jpg')
      const announced = await fetch(`http://127.0.0.1:${port}/api/gallery/upload?folder=tests`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      })
      expect([announced.status, await announced.json()]).toEqual([
        413,
        { success: false, error: 'Image size must be less than 10MB' },
      ])

      // Chunked: no Content-Length, so the parser's limit decides.
      const encoded = new Request('http://x/', { method: 'POST', body: form })
      const bytes = new Uint8Array(await encoded.arrayBuffer())
      const stream = new ReadableStream({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 256 * 1024) controller.enqueue(bytes.subarray(at, at + 256 * 1024))
          controller.close()
        },
      })
      const chunked = await fetch(`http://127.0.0.1:${port}/api/gallery/upload?folder=tests`, {
        method: 'POST',
        body: stream,
        duplex: 'half',
        headers: { authorization: `Bearer ${token}`, 'content-type': encoded.headers.get('content-type')! },
      } as RequestInit)
      expect([chunked.status, await chunked.json()]).toEqual([
        413,
        { success: false, error: 'Image size must be less than 10MB' },
      ])
    }
  })
})

describe('slow requests', () => {
  it('cuts a body that arrives a byte at a time with 408 in the envelope once REQUEST_TIMEOUT passes', async () => {
    const res = await raw(
      `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":"`,
      { dribble: 100 },
    )
    // The whole body would take 10,000 s at this pace: a 408 at all means the server cut it, and not before its
    // 1 s limit (a lower bound only: how soon after the limit depends on the machine's load).
    expect(res.status).toBe(408)
    expect(JSON.parse(res.body)).toEqual({ success: false, error: 'The request took too long to arrive' })
    expect(res.ms).toBeGreaterThanOrEqual(1000)
  })

  it('keeps the data directory private: nothing readable by other users', () => {
    for (const file of filesUnder(dataDir)) expect(statSync(file).mode & 0o077, file).toBe(0)
  })
})
