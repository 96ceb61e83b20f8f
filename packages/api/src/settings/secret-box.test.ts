import { describe, expect, it } from 'vitest'
import { openSecret, sealSecret } from './secret-box'

const key = 'k'.repeat(40)

describe('secret box', () => {
  it('round-trips and never stores the plaintext', () => {
    const sealed = sealSecret(key, 'ai', 'AIza-secret-value')
    expect(sealed).not.toContain('AIza')
    expect(openSecret(key, 'ai', sealed)).toBe('AIza-secret-value')
    expect(sealSecret(key, 'ai', 'AIza-secret-value')).not.toBe(sealed)
  })
  it('refuses another key, another purpose and tampering', () => {
    const sealed = sealSecret(key, 'ai', 'value')
    expect(openSecret('x'.repeat(40), 'ai', sealed)).toBeNull()
    expect(openSecret(key, 'other', sealed)).toBeNull()
    const parts = sealed.split(':')
    parts[3] = Buffer.from('tampered').toString('base64')
    expect(openSecret(key, 'ai', parts.join(':'))).toBeNull()
    expect(openSecret(key, 'ai', 'garbage')).toBeNull()
  })
})
