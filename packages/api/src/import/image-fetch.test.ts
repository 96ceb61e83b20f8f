import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createImageFetcher,
  IMAGE_NOT_COPIED,
  ImageFetchError,
  isPublicAddress,
  type HostResolver,
} from './image-fetch'
import { startFakeImageHost, type FakeImageAnswer, type FakeImageHost } from '@wayfarer/fakes/image-host'

// A listener on the loopback interface (IPv4 and IPv6) holding what a hostile export would like to read.
let server: FakeImageHost
let port: number
const SECRET = Buffer.from('internal-secret-bytes')

beforeAll(async () => {
  server = await startFakeImageHost({
    listen: '::',
    answer: (path, { port }): FakeImageAnswer =>
      path === '/to-loopback'
        ? { status: 302, headers: { location: `http://[::ffff:127.0.0.1]:${port}/secret` } }
        : path === '/to-name'
          ? { status: 302, headers: { location: `http://localhost:${port}/secret` } }
          : path === '/missing'
            ? { status: 404 }
            : { status: 200, headers: { 'content-type': 'image/png' }, body: SECRET },
  })
  port = server.port
})
afterAll(() => server.close())
/** The paths asked for since the last call (the fake records `<host> <path>`). */
const takenPaths = () => server.requests.splice(0).map((request) => request.slice(request.indexOf(' ') + 1))

/** What a fetch ended with: the bytes, or the report's words and the reason kept for the code. */
async function attempt(fetcher: ReturnType<typeof createImageFetcher>, url: string) {
  try {
    return { bytes: Buffer.from(await fetcher(url)).toString() }
  } catch (error) {
    expect(error).toBeInstanceOf(ImageFetchError)
    return { message: (error as ImageFetchError).message, detail: (error as ImageFetchError).detail }
  }
}

describe('which addresses the import may fetch', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '192.0.2.1',
    '198.18.0.1',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:8.8.8.8',
    '::127.0.0.1',
    '::a00:1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '2001::1',
    'not an address',
  ])('refuses %s (loopback, private, link-local, unique-local, mapped, compatible or other special use)', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001::1'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })
})

describe('the image fetcher', () => {
  it('refuses loopback by IPv4, IPv6, IPv4-mapped IPv6 and by name, before connecting', async () => {
    const fetcher = createImageFetcher()
    for (const host of ['127.0.0.1', '[::1]', '[::ffff:127.0.0.1]', 'localhost'])
      expect(await attempt(fetcher, `http://${host}:${port}/secret`)).toEqual({
        message: IMAGE_NOT_COPIED,
        detail: `port ${port} refused`,
      })
    expect(server.requests).toEqual([])
  })

  it('refuses a name that resolves to a private address, or to a public and a private one (rebinding)', async () => {
    const asked: string[] = []
    const resolver =
      (answer: string[]): HostResolver =>
      async (name) => {
        asked.push(name)
        return answer
      }
    for (const answer of [['127.0.0.1'], ['::1'], ['169.254.169.254'], ['8.8.8.8', '10.0.0.7'], ['::ffff:7f00:1']]) {
      const fetcher = createImageFetcher({ resolve: resolver(answer) })
      expect(await attempt(fetcher, 'http://images.old-site.test/photo.png')).toEqual({
        message: IMAGE_NOT_COPIED,
        detail: 'not a public address',
      })
    }
    expect(asked).toHaveLength(5)
    const unknown = createImageFetcher({ resolve: async () => Promise.reject(new Error('getaddrinfo ENOTFOUND x')) })
    expect(await attempt(unknown, 'https://nowhere.test/a.png')).toEqual({
      message: IMAGE_NOT_COPIED,
      detail: 'the name does not resolve',
    })
    expect(server.requests).toEqual([])
  })

  it('refuses other schemes and addresses that are not URLs', async () => {
    const fetcher = createImageFetcher()
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/a.png', 'gopher://x/', 'not a url'])
      expect((await attempt(fetcher, url)).message).toBe(IMAGE_NOT_COPIED)
  })

  it('fetches the exact origin the owner gave, connecting to the address it resolved once (no second lookup)', async () => {
    const answers = ['127.0.0.1', '10.255.255.1']
    let lookups = 0
    const fetcher = createImageFetcher({
      trustedOrigin: `http://old-site.test:${port}/blog`,
      resolve: async () => [answers[lookups++]!],
    })
    expect(await attempt(fetcher, `http://old-site.test:${port}/uploads/photo.png`)).toEqual({
      bytes: SECRET.toString(),
    })
    expect(lookups).toBe(1)
    expect(takenPaths()).toEqual(['/uploads/photo.png'])
  })

  it('checks every redirect hop again: the trusted origin cannot send the fetch to another loopback origin', async () => {
    const fetcher = createImageFetcher({ trustedOrigin: `http://127.0.0.1:${port}` })
    expect(await attempt(fetcher, `http://127.0.0.1:${port}/to-loopback`)).toEqual({
      message: IMAGE_NOT_COPIED,
      detail: `port ${port} refused`,
    })
    expect(await attempt(fetcher, `http://127.0.0.1:${port}/to-name`)).toMatchObject({ message: IMAGE_NOT_COPIED })
    expect(takenPaths()).toEqual(['/to-loopback', '/to-name'])
  })

  it('a site address without a port trusts no other port of that host', async () => {
    const fetcher = createImageFetcher({ trustedOrigin: 'http://127.0.0.1' })
    expect((await attempt(fetcher, `http://127.0.0.1:${port}/secret`)).message).toBe(IMAGE_NOT_COPIED)
    expect(server.requests).toEqual([])
  })

  it('says the same for a refusal, a 404, a closed port and a host that never answers', async () => {
    const trusted = createImageFetcher({ trustedOrigin: `http://127.0.0.1:${port}` })
    const missing = await attempt(trusted, `http://127.0.0.1:${port}/missing`)
    const closed = await attempt(
      createImageFetcher({ trustedOrigin: 'http://127.0.0.1:9' }),
      'http://127.0.0.1:9/a.png',
    )
    const silent = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
    const timedOut = await attempt(
      createImageFetcher({ trustedOrigin: silentUrl, timeoutMs: 200 }),
      `${silentUrl}/a.png`,
    )
    silent.closeAllConnections()
    silent.close()
    const refused = await attempt(createImageFetcher(), `http://127.0.0.1:${port}/secret`)
    const messages = [missing, closed, timedOut, refused].map((r) => r.message)
    expect(new Set(messages)).toEqual(new Set([IMAGE_NOT_COPIED]))
    expect(messages.join(' ')).not.toMatch(/ECONN|ENOTFOUND|404|timeout|port/i)
    takenPaths()
  })
})
