import { describe, expect, it } from 'vitest'
import { PREVIEW_TTL_MS, readPreviewToken, signPreviewToken } from './preview-token'

const key = 'k'.repeat(40)
const now = new Date('2026-05-01T10:00:00Z')

describe('draft preview tokens', () => {
  it('open the post they were made for until they expire', () => {
    const { token, expiresAt } = signPreviewToken(key, 42, now)
    expect(expiresAt.getTime()).toBe(now.getTime() + PREVIEW_TTL_MS)
    expect(readPreviewToken(key, token, now)).toEqual({ postId: 42 })
    expect(readPreviewToken(key, token, new Date(now.getTime() + PREVIEW_TTL_MS - 1000))).toEqual({ postId: 42 })
    expect(readPreviewToken(key, token, new Date(now.getTime() + PREVIEW_TTL_MS))).toEqual({ problem: 'expired' })
  })

  it('refuse another post, another key, a longer life and garbage', () => {
    const { token } = signPreviewToken(key, 42, now)
    const [, expires, sig] = token.split('.')
    expect(readPreviewToken(key, `43.${expires}.${sig}`, now)).toEqual({ problem: 'invalid' })
    expect(readPreviewToken(key, `42.${Number(expires) + 3600}.${sig}`, now)).toEqual({ problem: 'invalid' })
    expect(readPreviewToken('x'.repeat(40), token, now)).toEqual({ problem: 'invalid' })
    for (const junk of ['', 'abc', '42.1.short', `${token}x`])
      expect(readPreviewToken(key, junk, now)).toEqual({ problem: 'invalid' })
  })
})
