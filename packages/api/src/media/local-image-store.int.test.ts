import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import sharp from 'sharp'
import { NotFoundError } from '../errors'
import { LocalImageStore } from './local-image-store'
import { formatFor } from './local-image-variants'

let dir: string
let store: LocalImageStore
const photo = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer()

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wayfarer-local-store-'))
  store = new LocalImageStore(path.join(dir, 'images'), { cacheRoot: path.join(dir, 'cache') })
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('local image store', () => {
  it('uploads into a folder with metadata and lists newest first with a cursor', async () => {
    const a = await store.upload(await photo(), 'trip/one', {
      title: 'A',
      caption: 'first',
      location: 'Oslo, Norway',
      tags: ['x'],
    })
    const b = await store.upload(await photo(), 'trip/one', { title: 'B' })
    const c = await store.upload(await photo(), 'trip/one', { title: 'C' })
    expect(a).toMatchObject({
      folder: 'trip/one',
      width: 1200,
      height: 900,
      format: 'jpeg',
      title: 'A',
      caption: 'first',
      location: 'Oslo, Norway',
      tags: ['x'],
    })
    expect(a.url).toBe(`/media/${a.public_id}.jpg`)
    const first = await store.list('trip/one', { limit: 2 })
    expect(first.images.map((i) => i.public_id)).toEqual([c.public_id, b.public_id])
    const second = await store.list('trip/one', { limit: 2, next: first.next })
    expect(second.images.map((i) => i.public_id)).toEqual([a.public_id])
    expect(second.next).toBeUndefined()
    expect((await store.list('nothing/here', { limit: 40 })).images).toEqual([])
  })

  it('refuses folder names that could leave the store', async () => {
    await expect(store.upload(await photo(), '../escape', {})).rejects.toThrow(
      'Folder names may only use letters, digits, - and _, with / between folders',
    )
    await expect(store.list('a/../../b', { limit: 1 })).rejects.toThrow('Folder names')
  })

  it('renders a 400×300 WebP thumbnail once and serves it from the disk cache', async () => {
    const image = await store.upload(await photo(1600, 1067), 'thumbs', {})
    const url = store.thumbnailUrl(image)
    expect(url).toBe(`/media/thumb/${image.public_id}.jpg`)
    const relative = `${image.public_id}.jpg`
    const rendered = await store.variants.render(relative, { kind: 'thumb' }, 'webp')
    expect(rendered.contentType).toBe('image/webp')
    const meta = await sharp(rendered.file).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 300])
    const again = await store.variants.render(relative, { kind: 'thumb' }, 'webp')
    expect(again.file).toBe(rendered.file)

    const avif = await store.variants.render(relative, { kind: 'thumb' }, 'avif')
    expect((await sharp(avif.file).metadata()).format).toBe('heif')
    const wide = await store.variants.render(relative, { kind: 'width', width: 800 }, 'jpeg')
    expect((await sharp(wide.file).metadata()).width).toBe(800)
    expect(store.widthUrl(image, 800)).toBe(`/media/w/800/${image.public_id}.jpg`)
  })

  it('renders the common variants of a new photo in the background, before anyone asks', async () => {
    const image = await store.upload(await photo(1600, 1067), 'eager', {})
    const id = image.public_id.split('/').pop()!
    const cached = (variant: string) =>
      readdir(path.join(dir, 'cache', variant, 'eager')).then(
        (names) => names.sort(),
        () => [],
      )
    // Nobody calls render(): the store does it on its own shortly after the upload.
    await expect
      .poll(() => cached('w800'), { timeout: 60_000, interval: 250 })
      .toEqual([`${id}.jpg.avif`, `${id}.jpg.webp`])
    for (const variant of ['thumb', 'w400']) expect(await cached(variant)).toEqual([`${id}.jpg.avif`, `${id}.jpg.webp`])
  })

  it('queues a photo listed many times once (start-up lists every published photo, a photo may appear twice)', async () => {
    const image = await store.upload(await photo(800, 600), 'listed-twice', {})
    await store.variants.idle()
    const render = vi.spyOn(store.variants, 'render')
    try {
      for (let i = 0; i < 1000; i++) store.variants.warm(`${image.public_id}.jpg`)
      await store.variants.idle()
      // Three sizes in two formats, each asked once (and found on disk).
      expect(render).toHaveBeenCalledTimes(6)
    } finally {
      render.mockRestore()
    }
  })

  it('picks AVIF, then WebP, then JPEG from the Accept header', () => {
    expect(formatFor('image/avif,image/webp,image/apng,*/*')).toBe('avif')
    expect(formatFor('image/webp,*/*')).toBe('webp')
    expect(formatFor('*/*')).toBe('jpeg')
    expect(formatFor(undefined)).toBe('jpeg')
  })

  it('reads and deletes (original, sidecar and cached variants)', async () => {
    const image = await store.upload(await photo(), 'gone', {})
    expect((await store.read(image.public_id)).mimeType).toBe('image/jpeg')
    await store.variants.render(`${image.public_id}.jpg`, { kind: 'thumb' }, 'webp')
    await store.delete(image.public_id)
    expect(await readdir(path.join(dir, 'images', 'gone'))).toEqual([])
    expect(await readdir(path.join(dir, 'cache', 'thumb', 'gone'))).toEqual([])
    await expect(store.delete(image.public_id)).rejects.toThrow(NotFoundError)
    await expect(store.read('../../etc/passwd')).rejects.toThrow(NotFoundError)
    await expect(store.variants.render('../../etc/passwd', { kind: 'thumb' }, 'webp')).rejects.toThrow(NotFoundError)
  })
})

describe('a sidecar that does not fit', () => {
  it('is skipped and reported by the listing, and its image is not found, never a failure', async () => {
    const skipped: string[] = []
    const own = new LocalImageStore(path.join(dir, 'stray'), {
      cacheRoot: path.join(dir, 'stray-cache'),
      onBadSidecar: (file, problem) => skipped.push(`${path.basename(file)}: ${problem}`),
    })
    const good = await own.upload(await photo(), 'trip', { title: 'Kept' })
    await writeFile(path.join(dir, 'stray', 'trip', 'stray1.json'), '{"width":1}')
    await writeFile(path.join(dir, 'stray', 'trip', 'broken.json'), '{"width":')
    await writeFile(
      path.join(dir, 'stray', 'trip', 'svg.json'),
      JSON.stringify({ width: 1, height: 1, format: 'svg+xml', created_at: '2026-01-01T00:00:00Z' }),
    )
    const page = await own.list('trip', { limit: 40 })
    expect(page.images.map((i) => i.public_id)).toEqual([good.public_id])
    expect(skipped.sort()).toEqual([
      expect.stringMatching(/^broken\.json: not JSON$/),
      expect.stringMatching(/^stray1\.json: .*height/),
      expect.stringMatching(/^svg\.json: .*format/),
    ])
    await expect(own.read('trip/stray1')).rejects.toBeInstanceOf(NotFoundError)
    await expect(own.read('trip/svg')).rejects.toBeInstanceOf(NotFoundError)
  })
})
