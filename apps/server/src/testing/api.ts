import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import sharp from 'sharp'
import { testOwner } from './test-config'

/** What a request may add: headers (merged over the api's own) and the client's address. */
export interface RequestOptions {
  headers?: Record<string, string>
  remoteAddress?: string
}

/** A file as a browser's FormData sends it: one field of a multipart body. */
export interface UploadFile {
  bytes: Uint8Array
  filename?: string
  type?: string
  /** The form field; `image` unless the path reads another (`gpx`, `file`). */
  field?: string
}

/**
 * The test server's HTTP surface, driven with `app.inject` (real routing, hooks and serialisation, no socket).
 * `asOwner()` gives the same api with the owner's bearer token on every request.
 */
export interface Api {
  get(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>
  post(url: string, body?: InjectOptions['payload'], options?: RequestOptions): Promise<LightMyRequestResponse>
  put(url: string, body?: InjectOptions['payload'], options?: RequestOptions): Promise<LightMyRequestResponse>
  delete(url: string, body?: InjectOptions['payload'], options?: RequestOptions): Promise<LightMyRequestResponse>
  /** POSTs one file as multipart/form-data, as the web app's uploads do. */
  upload(url: string, file: UploadFile, options?: RequestOptions): Promise<LightMyRequestResponse>
  /** The same api, signed in as the owner (one sign-in per server, through the REST path). */
  asOwner(): Promise<Api>
  /** The owner's bearer token, for a test that sends it by hand (tRPC over fetch, a raw socket). */
  ownerToken(): Promise<string>
  /** The headers every request of this api carries (e.g. `{authorization}` after `asOwner()`). */
  readonly headers: Record<string, string>
}

/** A multipart body with one file field, exactly as a browser's FormData would encode it. */
export async function multipartBody({
  bytes,
  filename = 'photo.jpg',
  type = 'image/jpeg',
  field = 'image',
}: UploadFile) {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename)
  const request = new Request('http://local/', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  }
}

/** A real JPEG (or PNG) of one colour, for uploads that must pass the image checks. */
export const testPhoto = ({
  width = 1200,
  height = 800,
  background = '#2a6',
  format = 'jpeg' as 'jpeg' | 'png',
} = {}) => {
  const image = sharp({ create: { width, height, channels: 3, background } })
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer()
}

/** Signs the owner in through `POST /api/auth/login` and returns the bearer token. */
export async function signInOwner(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: testOwner })
  if (res.statusCode !== 200) throw new Error(`owner login failed: ${res.body}`)
  return (res.json() as { data: { token: string } }).data.token
}

/** An api over `app`; `ownerToken` is shared so that every `asOwner()` of one server signs in once. */
export function apiFor(
  app: FastifyInstance,
  ownerToken: () => Promise<string> = once(() => signInOwner(app)),
  headers: Record<string, string> = {},
): Api {
  const send = (method: InjectOptions['method'], url: string, payload?: InjectOptions['payload'], o?: RequestOptions) =>
    app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { ...headers, ...o?.headers },
      ...(o?.remoteAddress ? { remoteAddress: o.remoteAddress } : {}),
    })
  return {
    headers,
    get: (url, o) => send('GET', url, undefined, o),
    post: (url, body, o) => send('POST', url, body, o),
    put: (url, body, o) => send('PUT', url, body, o),
    delete: (url, body, o) => send('DELETE', url, body, o),
    async upload(url, file, o) {
      const body = await multipartBody(file)
      return send('POST', url, body.payload, { ...o, headers: { ...body.headers, ...o?.headers } })
    },
    async asOwner() {
      return apiFor(app, ownerToken, { ...headers, authorization: `Bearer ${await ownerToken()}` })
    },
    ownerToken,
  }
}

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined
  return () => (value ??= make())
}
