import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { startFakeCloudinary, type FakeCloudinary } from '@wayfarer/fakes/cloudinary'
import { NotFoundError, RateLimitedError, UpstreamError } from '../errors'
import { CloudinaryImageStore, parseCloudinaryUrl } from './cloudinary-image-store'

let fake: FakeCloudinary
let store: CloudinaryImageStore
const photo = (r: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer()

beforeAll(async () => {
  fake = await startFakeCloudinary()
  store = new CloudinaryImageStore(parseCloudinaryUrl(fake.cloudinaryUrl))
})
afterAll(() => fake.close())
beforeEach(() => fake.resources.clear())

describe('Cloudinary image store through the real SDK', () => {
  it('uploads into a folder with signed metadata and returns version-less URLs', async () => {
    const stored = await store.upload(await photo(10), 'wayfarer/gallery', {
      title: 'Sunset | pier',
      caption: 'a=b and more',
      location: 'Porto, Portugal',
      tags: ['sunset', 'pier'],
    })
    expect(stored).toMatchObject({
      folder: 'wayfarer/gallery',
      width: 640,
      height: 480,
      format: 'jpg',
      title: 'Sunset | pier',
      caption: 'a=b and more',
      location: 'Porto, Portugal',
      tags: ['sunset', 'pier'],
    })
    expect(stored.public_id).toMatch(/^wayfarer\/gallery\/[0-9a-f]+$/)
    expect(stored.url).toBe(`${fake.origin}/fake-cloud/image/upload/${stored.public_id}.jpg`)
    expect(fake.calls).toContain('POST /v1_1/fake-cloud/image/upload')
    expect(fake.resources.get(stored.public_id)?.context).toEqual({
      title: 'Sunset | pier',
      caption: 'a=b and more',
      location: 'Porto, Portugal',
    })
  })

  it('builds 400×300 fill thumbnails with automatic format and quality, and srcset widths', () => {
    const image = {
      public_id: 'wayfarer/gallery/abc',
      url: 'https://res.cloudinary.com/fake-cloud/image/upload/wayfarer/gallery/abc.jpg',
    }
    expect(store.thumbnailUrl(image)).toBe(
      'https://res.cloudinary.com/fake-cloud/image/upload/c_fill,f_auto,h_300,q_auto,w_400/wayfarer/gallery/abc',
    )
    expect(store.widthUrl(image, 800)).toBe(
      'https://res.cloudinary.com/fake-cloud/image/upload/c_limit,f_auto,q_auto,w_800/wayfarer/gallery/abc',
    )
  })

  it('lists a folder newest first, 40 a page by default, following the cursor', async () => {
    for (let i = 0; i < 3; i++) await store.upload(await photo(i * 50), 'trip', { title: `Photo ${i}` })
    await store.upload(await photo(200), 'elsewhere', { title: 'Not in the folder' })
    const first = await store.list('trip', { limit: 2 })
    expect(first.images.map((i) => i.title)).toEqual(['Photo 2', 'Photo 1'])
    expect(first.next).toEqual(expect.any(String))
    const second = await store.list('trip', { limit: 2, next: first.next })
    expect(second.images.map((i) => i.title)).toEqual(['Photo 0'])
    expect(second.next).toBeUndefined()
    expect(second.images[0]!.url).not.toMatch(/\/v\d+\//)
  })

  it('lists a dynamic folder by asset folder when no public id carries the folder, across pages', async () => {
    for (let i = 0; i < 3; i++) await fake.addConsoleUpload('holiday', await photo(i * 40), `Console ${i}`)
    const first = await store.list('holiday', { limit: 2 })
    expect(first.images.map((i) => i.title)).toEqual(['Console 2', 'Console 1'])
    expect(first.images[0]!.folder).toBe('holiday')
    expect(first.next).toMatch(/^af:/)
    const second = await store.list('holiday', { limit: 2, next: first.next })
    expect(second.images.map((i) => i.title)).toEqual(['Console 0'])
    expect(fake.calls.filter((c) => c.endsWith('/resources/by_asset_folder'))).toHaveLength(2)
  })

  it('reads the bytes of a stored image', async () => {
    const bytes = await photo(99)
    const stored = await store.upload(bytes, 'trip', {})
    const read = await store.read(stored.public_id)
    expect(read.mimeType).toBe('image/jpg')
    expect(read.data.equals(bytes)).toBe(true)
  })

  it('deletes, and says Image not found for something already gone', async () => {
    const stored = await store.upload(await photo(5), 'trip', {})
    await store.delete(stored.public_id)
    expect(fake.resources.has(stored.public_id)).toBe(false)
    await expect(store.delete(stored.public_id)).rejects.toThrow(NotFoundError)
  })

  it('turns a 429 into a rate-limit error with a clear message, for listing and uploading', async () => {
    fake.failNext(429, 2)
    const listing = await store.list('trip', { limit: 40 }).catch((e: unknown) => e)
    expect(listing).toBeInstanceOf(RateLimitedError)
    expect((listing as RateLimitedError).message).toBe(
      'Cloudinary rate limit reached. Please wait a minute and try again.',
    )
    await expect(store.upload(await photo(1), 'trip', {})).rejects.toThrow(RateLimitedError)
  })

  it('never puts the API secret in an error', async () => {
    const wrong = new CloudinaryImageStore(
      parseCloudinaryUrl(fake.cloudinaryUrl.replace('fake-secret-value', 'wrong-secret-value')),
    )
    const error = await wrong.list('trip', { limit: 40 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UpstreamError)
    expect(JSON.stringify({ ...(error as object), message: (error as Error).message })).not.toMatch(/secret/)
    expect((error as Error).message).toBe('Cloudinary refused the credentials; check CLOUDINARY_URL')
  })

  it('reports an unreachable host as an upstream error', async () => {
    const closed = await startFakeCloudinary()
    await closed.close()
    const offline = new CloudinaryImageStore(parseCloudinaryUrl(closed.cloudinaryUrl))
    await expect(offline.list('trip', { limit: 40 })).rejects.toThrow('Could not reach Cloudinary')
  })

  it('refuses a malformed CLOUDINARY_URL without echoing it', () => {
    expect(() => parseCloudinaryUrl('cloudinary://only-a-host')).toThrow(
      'CLOUDINARY_URL must look like cloudinary://KEY:SECRET@CLOUD',
    )
  })
})
