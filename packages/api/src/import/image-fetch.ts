import http from 'node:http'
import https from 'node:https'
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP } from 'node:net'
import { MAX_IMAGE_BYTES } from '../media/upload-limits'

/** Downloads an image's bytes, or throws with a short reason. */
export type ImageFetcher = (url: string) => Promise<Uint8Array>

const PRIVATE_V4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const
const v4 = (ip: string) => ip.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0

/** Loopback, private, link-local (cloud metadata) and multicast addresses. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  const ip = mapped ?? address
  if (isIP(ip) === 4) return PRIVATE_V4.some(([base, bits]) => v4(ip) >>> (32 - bits) === v4(base) >>> (32 - bits))
  const lower = ip.toLowerCase()
  return lower === '::1' || lower === '::' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower)
}

/**
 * Fetches images over http(s), at most 10 MB, 15 s, 3 redirects. Hosts on private or loopback addresses are
 * refused (a hostile export must not make the server probe its own network), except the old site's own
 * hosts, which the owner named: an intranet WordPress still works. The check runs on the address actually
 * connected to, so DNS tricks do not get around it.
 */
export function createImageFetcher(options: { trustedHosts: string[]; timeoutMs?: number }): ImageFetcher {
  const trusted = new Set(options.trustedHosts.map((h) => h.toLowerCase()))
  const timeoutMs = options.timeoutMs ?? 15_000

  const get = (url: URL, hops: number): Promise<Uint8Array> =>
    new Promise((resolve, reject) => {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return reject(new Error('not an http(s) address'))
      const allowPrivate = trusted.has(url.host.toLowerCase()) || trusted.has(url.hostname.toLowerCase())
      const lookup = (
        host: string,
        opts: object,
        callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
      ) =>
        dnsLookup(host, { ...opts, all: false }, (err, address, family) => {
          if (!err && !allowPrivate && isPrivateAddress(address))
            return callback(new Error('private network address refused'), address, family)
          callback(err, address, family)
        })
      if (
        isIP(url.hostname.replace(/^\[|\]$/g, '')) &&
        !allowPrivate &&
        isPrivateAddress(url.hostname.replace(/^\[|\]$/g, ''))
      ) {
        return reject(new Error('private network address refused'))
      }
      const client = url.protocol === 'https:' ? https : http
      const request = client.get(
        url,
        { lookup, timeout: timeoutMs, headers: { 'user-agent': 'Wayfarer-import', accept: 'image/*' } },
        (response) => {
          const status = response.statusCode ?? 0
          if (status >= 300 && status < 400 && response.headers.location) {
            response.resume()
            if (hops >= 3) return reject(new Error('too many redirects'))
            return get(new URL(response.headers.location, url), hops + 1).then(resolve, reject)
          }
          if (status !== 200) {
            response.resume()
            return reject(new Error(`the host answered ${status}`))
          }
          const chunks: Buffer[] = []
          let size = 0
          response.on('data', (chunk: Buffer) => {
            size += chunk.length
            if (size > MAX_IMAGE_BYTES) {
              request.destroy()
              reject(new Error('larger than 10 MB'))
            } else chunks.push(chunk)
          })
          response.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
          response.on('error', reject)
        },
      )
      request.on('timeout', () => request.destroy(new Error('no answer in time')))
      request.on('error', (e) =>
        reject(
          new Error(
            e.message.includes('private')
              ? 'private network address refused'
              : `the host did not answer (${e.message})`,
          ),
        ),
      )
    })

  return (url) => {
    if (!URL.canParse(url)) return Promise.reject(new Error('not a valid address'))
    return get(new URL(url), 0)
  }
}
