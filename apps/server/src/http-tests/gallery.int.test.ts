import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { startFakeCloudinary, type FakeCloudinary } from '@wayfarer/fakes/cloudinary'
import { startTestServer, type Api, type TestServer } from '../testing/test-server'

let server: TestServer
let owner: Api
const photo = (width = 1200, height = 800, background = '#2a6') =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer()

const upload = (server: TestServer, bytes: Buffer, folder = 'tests/rest') =>
  owner.upload(`/api/gallery/upload?folder=${folder}`, { bytes, filename: 'sunset-over-lisbon.jpg' })

beforeAll(async () => {
  server = await startTestServer()
  owner = await server.api.asOwner()
})
afterAll(() => server.close())

describe('gallery REST paths on the local store', () => {
  it('keeps every admin path behind the bearer token', async () => {
    const calls = [
      ['GET', '/api/gallery/cloudinary'],
      ['GET', '/api/gallery/admin'],
      ['POST', '/api/gallery/publish'],
      ['POST', '/api/gallery/unpublish'],
      ['POST', '/api/gallery/upload'],
      ['DELETE', '/api/gallery/delete'],
    ] as const
    for (const [method, url] of calls) {
      const res = await server.app.inject({ method, url, payload: method === 'GET' ? undefined : {} })
      expect(res.statusCode, `${method} ${url}`).toBe(401)
      expect(res.json()).toEqual({ success: false, error: 'Authentication required' })
    }
  })

  it('uploads, lists, publishes (idempotently), shows publicly, unpublishes and deletes', async () => {
    const uploaded = await upload(server, await photo())
    expect(uploaded.statusCode).toBe(200)
    const image = uploaded.json().data
    expect(image).toMatchObject({
      folder: 'tests/rest',
      width: 1200,
      height: 800,
      format: 'jpeg',
      title: 'sunset over lisbon',
      tags: [],
    })
    expect(image.thumbnail_url).toBe(image.url.replace('/media/', '/media/thumb/'))

    const listed = await owner.get('/api/gallery/cloudinary?folder=tests/rest&limit=40')
    expect(listed.json()).toMatchObject({
      success: true,
      data: [{ public_id: image.public_id }],
      pagination: { next: null, folder: 'tests/rest' },
    })

    const publishBody = {
      images: [
        {
          ...image,
          title: 'Lisbon at dusk',
          caption: 'Trams and pink sky',
          location: 'Lisbon, Portugal',
          tags: ['city'],
        },
      ],
    }
    const published = await owner.post('/api/gallery/publish', publishBody)
    expect(published.statusCode).toBe(200)
    expect(published.json().data).toEqual([
      expect.objectContaining({ cloudinary_public_id: image.public_id, is_published: true, title: 'Lisbon at dusk' }),
    ])
    const again = await owner.post('/api/gallery/publish', publishBody)
    expect(again.json().data[0].id).toBe(published.json().data[0].id)
    expect(await server.database.prisma.galleryImage.count({ where: { publicId: image.public_id } })).toBe(1)

    const admin = await owner.get('/api/gallery/admin?limit=1000')
    expect(admin.json().data.map((r: { cloudinary_public_id: string }) => r.cloudinary_public_id)).toContain(
      image.public_id,
    )

    const publicList = await server.api.get('/api/gallery?limit=24')
    const shown = publicList.json().data[0]
    expect(shown).toEqual({
      id: published.json().data[0].id,
      cloudinary_url: image.url,
      thumbnail_url: image.thumbnail_url,
      srcset: `${image.url.replace('/media/', '/media/w/400/')} 400w, ${image.url.replace('/media/', '/media/w/800/')} 800w, ${image.url} 1200w`,
      title: 'Lisbon at dusk',
      location: 'Lisbon, Portugal',
      caption: 'Trams and pink sky',
      width: 1200,
      height: 800,
    })

    const unpublished = await owner.post('/api/gallery/unpublish', { public_ids: [image.public_id] })
    expect(unpublished.json()).toEqual({ success: true, data: { unpublished: 1 } })
    expect((await server.api.get('/api/gallery')).json().data).toEqual([])

    const deleted = await owner.delete('/api/gallery/delete', { public_id: image.public_id, alsoCloudinary: true })
    expect(deleted.json()).toEqual({ success: true, data: { deleted: true, alsoCloudinary: true } })
    expect((await server.api.get(image.url)).statusCode).toBe(404)
    const twice = await owner.delete('/api/gallery/delete', { public_id: image.public_id, alsoCloudinary: true })
    expect(twice.statusCode).toBe(404)
    expect(twice.json()).toEqual({ success: false, error: 'Image not found' })
  })

  it("pages the host's folder with its next token: `next` over REST, `cursor` over tRPC (its infinite queries)", async () => {
    const folder = 'tests/paging'
    const ids = []
    for (const background of ['#111', '#222', '#333'])
      ids.push((await upload(server, await photo(400, 300, background), folder)).json().data.public_id as string)
    const rest = async (query: string) =>
      (await owner.get(`/api/gallery/cloudinary?folder=${folder}&limit=2${query}`)).json()
    const first = await rest('')
    expect(first.data).toHaveLength(2)
    expect(first.pagination.next).toEqual(expect.any(String))
    const second = await rest(`&next=${first.pagination.next}`)
    expect(second).toMatchObject({ success: true, pagination: { next: null } })
    const restIds = [...first.data, ...second.data].map((image: { public_id: string }) => image.public_id)
    expect([...restIds].sort()).toEqual([...ids].sort())

    const trpc = async (input: Record<string, unknown>) =>
      (
        await owner.get(
          `/trpc/gallery.hostImages?input=${encodeURIComponent(JSON.stringify({ folder, limit: 2, ...input }))}`,
        )
      ).json().result.data as { images: { public_id: string }[]; next: string | null }
    const trpcFirst = await trpc({})
    const trpcSecond = await trpc({ cursor: trpcFirst.next, direction: 'forward' })
    expect([...trpcFirst.images, ...trpcSecond.images].map((image) => image.public_id)).toEqual(restIds)
    expect(trpcSecond.next).toBeNull()
  })

  it('serves 400×300 thumbnails as WebP or AVIF by Accept, and srcset widths', async () => {
    const image = (await upload(server, await photo(1600, 1000))).json().data
    const webp = await server.app.inject({
      method: 'GET',
      url: image.thumbnail_url,
      headers: { accept: 'image/webp,*/*' },
    })
    expect(webp.statusCode).toBe(200)
    expect(webp.headers['content-type']).toBe('image/webp')
    expect(webp.headers.vary).toBe('Accept')
    const meta = await sharp(webp.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 300])
    const avif = await server.app.inject({
      method: 'GET',
      url: image.thumbnail_url,
      headers: { accept: 'image/avif,image/webp' },
    })
    expect(avif.headers['content-type']).toBe('image/avif')
    const wide = await server.app.inject({
      method: 'GET',
      url: image.url.replace('/media/', '/media/w/800/'),
      headers: { accept: '*/*' },
    })
    expect(wide.headers['content-type']).toBe('image/jpeg')
    expect((await sharp(wide.rawPayload).metadata()).width).toBe(800)
    expect((await server.api.get(image.url.replace('/media/', '/media/w/333/'))).statusCode).toBe(404)
    expect((await server.api.get('/media/thumb/tests/rest/missing.jpg')).statusCode).toBe(404)
    expect((await server.api.get(image.url.replace(/\.jpg$/, '.json'))).statusCode).toBe(404)
  })

  it('refuses uploads that are not images (400), too large (413), or missing (400)', async () => {
    const notImage = await owner.upload('/api/gallery/upload', {
      bytes: Buffer.from('just text, not a picture'),
      filename: 'photo.jpg',
    })
    expect(notImage.statusCode).toBe(400)
    expect(notImage.json()).toEqual({ success: false, error: 'Please select an image file' })

    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)])
    const broken = await owner.upload('/api/gallery/upload', { bytes: fakeJpeg })
    expect(broken.statusCode).toBe(400)

    const tooLarge = await owner.upload('/api/gallery/upload', { bytes: Buffer.alloc(10 * 1024 * 1024 + 10, 1) })
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json()).toEqual({ success: false, error: 'Image size must be less than 10MB' })

    const none = await owner.post('/api/gallery/upload', {})
    expect(none.statusCode).toBe(400)
    expect(none.json()).toEqual({ success: false, error: 'Please select an image file' })
  })

  it('strips GPS and other metadata from what is stored', async () => {
    const withExif = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#888' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
      .toBuffer()
    expect((await sharp(withExif).metadata()).exif).toBeDefined()
    const image = (await upload(server, withExif)).json().data
    const served = await server.api.get(image.url)
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined()
  })

  it('validates publish and unpublish with the documented messages', async () => {
    const empty = await owner.post('/api/gallery/publish', { images: [] })
    expect(empty.json()).toEqual({ success: false, error: 'Please select at least one image' })
    const none = await owner.post('/api/gallery/unpublish', { public_ids: [] })
    expect(none.json()).toEqual({ success: false, error: 'Select image(s) to unpublish' })
    const script = await owner.post('/api/gallery/publish', {
      images: [{ public_id: 'x', url: 'javascript:alert(1)' }],
    })
    expect(script.statusCode).toBe(400)
  })

  it('chooses body photos by their hero/about/gear tag, filling up with other published photos', async () => {
    const make = async (title: string, tags: string[]) => {
      const image = (await upload(server, await photo(800, 600), 'tests/body')).json().data
      await owner.post('/api/gallery/publish', { images: [{ ...image, title, tags }] })
    }
    await make('Hero shot', ['hero'])
    await make('About me', ['about', 'people'])
    await make('Camera bag', ['gear'])
    const hero = await server.api.get('/api/gallery/body-photos?limit=1')
    expect(hero.json()).toEqual({
      success: true,
      data: [{ url: expect.stringMatching(/^\/media\/tests\/body\//), title: 'Hero shot' }],
    })
    const about = (await server.api.get('/api/gallery/body-photos?limit=2&use=about')).json().data
    expect(about).toHaveLength(2)
    expect(about[0].title).toBe('About me')
    const bad = await server.api.get('/api/gallery/body-photos?use=nope')
    expect(bad.statusCode).toBe(400)
  })
})

describe('gallery REST paths on Cloudinary', () => {
  let fake: FakeCloudinary
  let cloud: TestServer
  beforeAll(async () => {
    fake = await startFakeCloudinary()
    cloud = await startTestServer({ config: { cloudinaryUrl: fake.cloudinaryUrl, galleryFolder: 'wayfarer/gallery' } })
  })
  afterAll(async () => {
    await cloud.close()
    await fake.close()
  })

  it('uploads to and lists the default folder, and answers a Cloudinary 429 with HTTP 429', async () => {
    const owner = await cloud.api.asOwner()
    const uploaded = await owner.upload('/api/gallery/upload', { bytes: await photo() })
    expect(uploaded.statusCode).toBe(200)
    const image = uploaded.json().data
    expect(image.folder).toBe('wayfarer/gallery')
    expect(image.url).toBe(`${fake.origin}/fake-cloud/image/upload/${image.public_id}.jpg`)
    expect(image.thumbnail_url).toBe(
      `https://res.cloudinary.com/fake-cloud/image/upload/c_fill,f_auto,h_300,q_auto,w_400/${image.public_id}`,
    )

    const listed = await owner.get('/api/gallery/cloudinary')
    expect(listed.json()).toMatchObject({
      success: true,
      data: [{ public_id: image.public_id }],
      pagination: { next: null },
    })
    expect(fake.calls).toContain('GET /v1_1/fake-cloud/resources/image/upload')

    fake.failNext(429)
    const limited = await owner.get('/api/gallery/cloudinary?limit=40')
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBe('60')
    expect(limited.json()).toEqual({
      success: false,
      error: 'Cloudinary rate limit reached. Please wait a minute and try again.',
    })
    expect(limited.body).not.toContain('fake-secret-value')

    const deleted = await owner.delete('/api/gallery/delete', { public_id: image.public_id, alsoCloudinary: true })
    expect(deleted.statusCode).toBe(200)
    expect(fake.resources.size).toBe(0)
  })
})
