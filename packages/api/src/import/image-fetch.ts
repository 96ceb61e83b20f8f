import http from 'node:http'
import https from 'node:https'
import { promises as dns, type LookupAddress } from 'node:dns'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import { MAX_IMAGE_BYTES } from '../media/upload-limits'

/** Downloads an image's bytes, or throws ImageFetchError. */
export type ImageFetcher = (url: string) => Promise<Uint8Array>

/** A host name's addresses, as the import looks them up (the system resolver unless a test gives its own). */
export type HostResolver = (hostname: string) => Promise<string[]>

export const systemResolver: HostResolver = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map((a) => a.address)

/**
 * The one reason the report gives for an image it could not copy, whatever happened: a refused address, a host
 * that does not resolve or answer, a 404, a timeout. Different words per failure would let a hostile export
 * use the import as a scanner of the server's own network (which ports answer, which names exist).
 */
export const IMAGE_NOT_COPIED = 'kept at its old address: it could not be copied from there'

export class ImageFetchError extends Error {
  constructor(readonly detail: string) {
    super(IMAGE_NOT_COPIED)
  }
}

const MAX_REDIRECTS = 3

/**
 * Only ordinary public addresses: ipaddr.js names every special range (loopback, private, link-local,
 * unique-local, carrier-grade NAT, multicast, reserved, IPv4-mapped, NAT64, 6to4, Teredo…) and calls the rest
 * "unicast". The IPv4-compatible form ::a.b.c.d (deprecated, ::/96) is not one of its ranges, so it is refused here.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  const ip = ipaddr.parse(address)
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) return false
  return ip.range() === 'unicast'
}

interface Target {
  address: string
  family: 4 | 6
}

export interface ImageFetchOptions {
  /**
   * The old site's address as the owner gave it (`--site-url`, or the field on the import screen). Its exact
   * origin (scheme, host and port) is fetched wherever it points, so an intranet WordPress still works; an
   * address read from the export file never gets this trust.
   */
  trustedOrigin?: string | undefined
  resolve?: HostResolver | undefined
  timeoutMs?: number
}

/**
 * Fetches images over http(s), at most 10 MB, within 15 s, following at most 3 redirects. A hostile export
 * chooses every address it lists, so each one (and every redirect hop) must be http(s) on the default port and
 * resolve only to public addresses; the name is resolved here, once, and the connection goes to the address that
 * was checked (no second lookup a DNS rebinding could answer differently). The owner's own origin is the one
 * exception.
 */
export function createImageFetcher(options: ImageFetchOptions = {}): ImageFetcher {
  const trusted =
    options.trustedOrigin && URL.canParse(options.trustedOrigin) ? new URL(options.trustedOrigin).origin : null
  const resolve = options.resolve ?? systemResolver
  const timeoutMs = options.timeoutMs ?? 15_000

  async function targetOf(url: URL): Promise<Target> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImageFetchError('not http(s)')
    const isTrusted = url.origin === trusted
    // The URL parser writes the default port (80, 443) as ''.
    if (!isTrusted && url.port !== '') throw new ImageFetchError(`port ${url.port} refused`)
    const host = url.hostname.replace(/^\[|\]$/g, '')
    const addresses = isIP(host) ? [host] : await resolve(host).catch(() => [])
    if (!addresses.length) throw new ImageFetchError('the name does not resolve')
    if (!isTrusted && !addresses.every(isPublicAddress)) throw new ImageFetchError('not a public address')
    const address = addresses[0]!
    return { address, family: isIP(address) === 6 ? 6 : 4 }
  }

  const get = (url: URL, target: Target, signal: AbortSignal) =>
    new Promise<{ redirect: URL } | { bytes: Uint8Array }>((resolvePromise, reject) => {
      // Hands the connection the address checked above instead of looking the name up again.
      const lookup = (
        _host: string,
        opts: { all?: boolean },
        callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
      ) =>
        opts.all
          ? callback(null, [{ address: target.address, family: target.family }])
          : callback(null, target.address, target.family)
      const client = url.protocol === 'https:' ? https : http
      const request = client.get(
        url,
        { lookup, signal, headers: { 'user-agent': 'Wayfarer-import', accept: 'image/*' } },
        (response) => {
          const status = response.statusCode ?? 0
          if (status >= 300 && status < 400 && response.headers.location) {
            response.resume()
            if (!URL.canParse(response.headers.location, url.href)) return reject(new ImageFetchError('bad redirect'))
            return resolvePromise({ redirect: new URL(response.headers.location, url) })
          }
          if (status !== 200) {
            response.resume()
            return reject(new ImageFetchError(`status ${status}`))
          }
          const chunks: Buffer[] = []
          let size = 0
          response.on('data', (chunk: Buffer) => {
            size += chunk.length
            if (size > MAX_IMAGE_BYTES) request.destroy(new ImageFetchError('larger than 10 MB'))
            else chunks.push(chunk)
          })
          response.on('end', () => resolvePromise({ bytes: new Uint8Array(Buffer.concat(chunks)) }))
          response.on('error', (e) => reject(new ImageFetchError(e.message)))
        },
      )
      request.on('error', (e) => reject(e instanceof ImageFetchError ? e : new ImageFetchError(e.message)))
    })

  return async (address) => {
    if (!URL.canParse(address)) throw new ImageFetchError('not a URL')
    const signal = AbortSignal.timeout(timeoutMs)
    let url = new URL(address)
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const answer = await get(url, await targetOf(url), signal)
      if ('bytes' in answer) return answer.bytes
      url = answer.redirect
    }
    throw new ImageFetchError('too many redirects')
  }
}
