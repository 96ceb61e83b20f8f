import { describe, expect, it } from 'vitest'
import { isSafeImageUrl, responsiveSrcset } from './image-url'

describe('isSafeImageUrl', () => {
  it('accepts site paths and http(s) addresses', () => {
    for (const url of [
      '/media/posts/a.webp',
      '/hero-fallback.jpg',
      'https://res.cloudinary.com/x/image/upload/a.jpg',
      'http://example.com/a.png',
    ]) {
      expect(isSafeImageUrl(url), url).toBe(true)
    }
  })

  it('refuses script, data, protocol-relative and malformed addresses', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/a.png',
      'ftp://files.example/a.png',
      'https://',
      'https://a b.example/x.png',
      'media/a.png',
      '',
    ]) {
      expect(isSafeImageUrl(url), url).toBe(false)
    }
  })
})

describe('responsiveSrcset', () => {
  it("offers the local store's width variants of its originals", () => {
    expect(responsiveSrcset('/media/posts/lantern-festival.jpg')).toBe(
      '/media/w/400/posts/lantern-festival.jpg 400w, /media/w/800/posts/lantern-festival.jpg 800w, /media/w/1200/posts/lantern-festival.jpg 1200w, /media/w/1600/posts/lantern-festival.jpg 1600w',
    )
  })

  it('asks Cloudinary for the widths, in the best format the browser takes', () => {
    expect(responsiveSrcset('https://res.cloudinary.com/demo/image/upload/v17/wayfarer/boat.jpg')?.split(', ')[0]).toBe(
      'https://res.cloudinary.com/demo/image/upload/c_limit,f_auto,q_auto,w_400/v17/wayfarer/boat.jpg 400w',
    )
  })

  it('has none for outside images, variants, and paths the server would refuse', () => {
    for (const url of [
      'https://example.com/a.jpg',
      '/media/w/400/posts/a.jpg',
      '/media/thumb/a.jpg',
      '/media/../secret.jpg',
      '/media/posts/a b.jpg',
      '/media/a.svg',
      '/hero-fallback.jpg',
      '',
    ]) {
      expect(responsiveSrcset(url), url).toBeUndefined()
    }
  })
})
