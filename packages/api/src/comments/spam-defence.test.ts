import { describe, expect, it } from 'vitest'
import { countLinks, hashAddress, looksLikeLinkSpam } from './spam-defence'

describe('link rule', () => {
  it('counts http, https and www links', () => {
    expect(countLinks('no links here, just words like www and http')).toBe(0)
    expect(countLinks('see https://a.example/x')).toBe(1)
    expect(countLinks('HTTP://A.EXAMPLE and www.b.example and http://c.example')).toBe(3)
  })

  it('calls two or more links spam', () => {
    expect(looksLikeLinkSpam('one link https://a.example')).toBe(false)
    expect(looksLikeLinkSpam('two http://a.example www.b.example')).toBe(true)
  })
})

describe('address hashing', () => {
  it('is stable per address and secret, and does not contain the address', () => {
    const a = hashAddress('secret-one', '203.0.113.7')
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(hashAddress('secret-one', '203.0.113.7')).toBe(a)
    expect(hashAddress('secret-two', '203.0.113.7')).not.toBe(a)
    expect(hashAddress('secret-one', '203.0.113.8')).not.toBe(a)
  })
})
