import { createHash, randomBytes } from 'node:crypto'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'

/** One stored asset of the fake account. */
export interface FakeResource {
  public_id: string
  asset_folder: string
  version: number
  format: string
  width: number
  height: number
  bytes: Buffer
  tags: string[]
  context: Record<string, string>
  created_at: string
}

export interface FakeCloudinary {
  origin: string
  /** CLOUDINARY_URL pointing the SDK at this fake. */
  cloudinaryUrl: string
  cloud: string
  resources: Map<string, FakeResource>
  /** Every API call as `METHOD /path` (the delivery of image bytes is not counted). */
  calls: string[]
  /** Stores a photo the way a dynamic-folder account's console upload does: in an asset folder, id without it. */
  addConsoleUpload(assetFolder: string, bytes: Buffer, title: string): Promise<FakeResource>
  /** The next `count` API calls answer with this status (e.g. 429) and a Cloudinary-style error body. */
  failNext(status: number, count?: number): void
  close(): Promise<void>
}

const SIGNATURE_EXCLUDED = new Set(['file', 'api_key', 'signature', 'resource_type', 'cloud_name'])

/** Cloudinary's request signature: sha1 of the sorted `k=v` pairs joined by `&`, with the secret appended. */
export function signParams(params: Record<string, string>, secret: string): string {
  const payload = Object.keys(params)
    .filter((k) => !SIGNATURE_EXCLUDED.has(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
  return createHash('sha1')
    .update(payload + secret)
    .digest('hex')
}

/** `title=a|caption=b\|c` -> {title:'a', caption:'b|c'} (Cloudinary escapes | and = in values). */
function parseContext(value: string): Record<string, string> {
  const context: Record<string, string> = {}
  for (const pair of value.split(/(?<!\\)\|/)) {
    const [key, ...rest] = pair.split(/(?<!\\)=/)
    if (key) context[key] = rest.join('=').replace(/\\([|=])/g, '$1')
  }
  return context
}

/**
 * A Cloudinary account on 127.0.0.1 speaking the parts of the Upload and Admin APIs Wayfarer uses: signed
 * uploads and destroys (signatures checked), Basic-auth resource listing with cursors, and image delivery.
 */
export async function startFakeCloudinary(
  options: { port?: number; cloud?: string; key?: string; secret?: string } = {},
): Promise<FakeCloudinary> {
  const cloud = options.cloud ?? 'fake-cloud'
  const key = options.key ?? '123456789012345'
  const secret = options.secret ?? 'fake-secret-value'
  const resources = new Map<string, FakeResource>()
  const calls: string[] = []
  const failures: number[] = []
  let origin = ''

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const describe = (r: FakeResource) => ({
    public_id: r.public_id,
    version: r.version,
    format: r.format,
    width: r.width,
    height: r.height,
    resource_type: 'image',
    type: 'upload',
    created_at: r.created_at,
    bytes: r.bytes.length,
    folder: r.public_id.split('/').slice(0, -1).join('/'),
    asset_folder: r.asset_folder,
    url: `${origin}/${cloud}/image/upload/v${r.version}/${r.public_id}.${r.format}`,
    secure_url: `${origin}/${cloud}/image/upload/v${r.version}/${r.public_id}.${r.format}`,
    tags: r.tags,
    ...(Object.keys(r.context).length ? { context: { custom: r.context } } : {}),
  })

  const readForm = async (req: IncomingMessage): Promise<{ fields: Record<string, string>; file?: Buffer }> => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: Buffer.concat(chunks),
    }).formData()
    const fields: Record<string, string> = {}
    let file: Buffer | undefined
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields[name] = value
      else if (name === 'file') file = Buffer.from(await value.arrayBuffer())
    }
    return { fields, file }
  }
  const signed = (fields: Record<string, string>) =>
    fields.api_key === key && fields.signature === signParams(fields, secret)
  const basicAuthOk = (req: IncomingMessage) =>
    req.headers.authorization === `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`

  /** One page of matching resources, newest first; the cursor is the next offset. */
  const sendPage = (res: ServerResponse, url: URL, matches: (r: FakeResource) => boolean) => {
    const max = Number(url.searchParams.get('max_results') ?? 10)
    const cursor = url.searchParams.get('next_cursor')
    const start = cursor ? Number(Buffer.from(cursor, 'base64url').toString()) : 0
    const matching = [...resources.values()].filter(matches).sort((a, b) => b.created_at.localeCompare(a.created_at))
    const next = start + max < matching.length ? Buffer.from(String(start + max)).toString('base64url') : undefined
    return send(res, 200, {
      resources: matching.slice(start, start + max).map(describe),
      ...(next ? { next_cursor: next } : {}),
    })
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const pathname = decodeURIComponent(url.pathname)
    const delivery = new RegExp(`^/${cloud}/image/upload/(?:[^/]*_[^/]*/)*(?:v\\d+/)?(.+)\\.(\\w+)$`).exec(pathname)
    if (req.method === 'GET' && delivery) {
      const resource = resources.get(delivery[1] ?? '')
      if (!resource) return send(res, 404, { error: { message: 'Resource not found' } })
      res.writeHead(200, { 'content-type': `image/${resource.format}` })
      return res.end(resource.bytes)
    }

    calls.push(`${req.method} ${pathname}`)
    const failure = failures.shift()
    if (failure) return send(res, failure, { error: { message: failure === 429 ? 'Rate Limit Exceeded' : 'Failure' } })
    const api = `/v1_1/${cloud}`

    if (req.method === 'POST' && pathname === `${api}/image/upload`) {
      const { fields, file } = await readForm(req)
      if (!signed(fields)) return send(res, 401, { error: { message: 'Invalid Signature' } })
      if (!file) return send(res, 400, { error: { message: 'Missing required parameter - file' } })
      const meta = await sharp(file)
        .metadata()
        .catch(() => undefined)
      if (!meta) return send(res, 400, { error: { message: 'Invalid image file' } })
      const folder = fields.folder ? `${fields.folder}/` : ''
      const resource: FakeResource = {
        public_id: `${folder}${randomBytes(6).toString('hex')}`,
        asset_folder: fields.folder ?? '',
        version: Math.floor(Date.now() / 1000),
        format: meta.format === 'jpeg' ? 'jpg' : (meta.format ?? 'jpg'),
        width: meta.width ?? 0,
        height: meta.height ?? 0,
        bytes: file,
        tags: fields.tags ? fields.tags.split(',') : [],
        context: fields.context ? parseContext(fields.context) : {},
        created_at: new Date(Date.now() + resources.size).toISOString(),
      }
      resources.set(resource.public_id, resource)
      return send(res, 200, describe(resource))
    }
    if (req.method === 'POST' && pathname === `${api}/image/destroy`) {
      const { fields } = await readForm(req)
      if (!signed(fields)) return send(res, 401, { error: { message: 'Invalid Signature' } })
      const existed = resources.delete(fields.public_id ?? '')
      return send(res, 200, { result: existed ? 'ok' : 'not found' })
    }
    if (req.method === 'GET' && pathname === `${api}/resources/by_asset_folder`) {
      if (!basicAuthOk(req)) return send(res, 401, { error: { message: 'Invalid credentials' } })
      const folder = url.searchParams.get('asset_folder') ?? ''
      return sendPage(res, url, (r) => r.asset_folder === folder)
    }
    if (req.method === 'GET' && pathname.startsWith(`${api}/resources/image/upload`)) {
      if (!basicAuthOk(req)) return send(res, 401, { error: { message: 'Invalid credentials' } })
      const single = pathname.slice(`${api}/resources/image/upload/`.length)
      if (single) {
        const resource = resources.get(single)
        return resource
          ? send(res, 200, describe(resource))
          : send(res, 404, { error: { message: `Resource not found - ${single}` } })
      }
      const prefix = url.searchParams.get('prefix') ?? ''
      return sendPage(res, url, (r) => r.public_id.startsWith(prefix))
    }
    return send(res, 404, { error: { message: `No fake route for ${req.method} ${pathname}` } })
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error: { message: String(error) } }))
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    cloudinaryUrl: `cloudinary://${key}:${secret}@${cloud}?upload_prefix=${origin}`,
    cloud,
    resources,
    calls,
    async addConsoleUpload(assetFolder, bytes, title) {
      const meta = await sharp(bytes).metadata()
      const resource: FakeResource = {
        public_id: randomBytes(6).toString('hex'),
        asset_folder: assetFolder,
        version: 1,
        format: meta.format === 'jpeg' ? 'jpg' : (meta.format ?? 'jpg'),
        width: meta.width ?? 0,
        height: meta.height ?? 0,
        bytes,
        tags: [],
        context: { title },
        created_at: new Date(Date.now() + resources.size).toISOString(),
      }
      resources.set(resource.public_id, resource)
      return resource
    },
    failNext(status, count = 1) {
      for (let i = 0; i < count; i++) failures.push(status)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
