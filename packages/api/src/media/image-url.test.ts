import { describe, expect, it } from 'vitest'
import { isSafeImageUrl } from './image-url'

describe('isSafeImageUrl', () => {
  it('accepts site paths and http(s) addresses', () => {
    for (const url of ['/media/posts/a.webp', '/hero-fallback.jpg', 'https://res.cloudinary.com/x/image/upload/a.jpg', 'http://example.com/a.png']) {
      expect(isSafeImageUrl(url), url).toBe(true)
    }
  })

  it('refuses script, data, protocol-relative and malformed addresses', () => {
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/a.png', 'ftp://files.example/a.png', 'https://', 'https://a b.example/x.png', 'media/a.png', '']) {
      expect(isSafeImageUrl(url), url).toBe(false)
    }
  })
})
