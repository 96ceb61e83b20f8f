import { describe, expect, it } from 'vitest'
import { adminNumber, counted, plural } from './numbers'

describe('counts in words', () => {
  it('uses the singular for one and the plural otherwise', () => {
    expect(counted(1, '1', 'view', 'views')).toBe('1 view')
    expect(counted(0, '0', 'view', 'views')).toBe('0 views')
    expect(counted(1500, '1.5K', 'view', 'views')).toBe('1.5K views')
    expect(counted(2, '2', 'comment', 'comments')).toBe('2 comments')
  })
  it('groups digits in the admin', () => {
    expect(adminNumber(53230)).toBe('53,230')
    expect(adminNumber(4100)).toBe('4,100')
    expect(adminNumber(7)).toBe('7')
  })
  it('writes whole counts with their digit groups and the right noun', () => {
    expect(plural(1, 'country', 'countries')).toBe('1 country')
    expect(plural(0, 'place', 'places')).toBe('0 places')
    expect(plural(1204, 'story', 'stories')).toBe('1,204 stories')
  })
})
