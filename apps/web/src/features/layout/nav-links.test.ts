import { describe, expect, it } from 'vitest'
import { isNavLinkActive, navLinks } from './nav-links'

describe('public navigation', () => {
  it('lists the pages in order, with the map after Gallery', () => {
    expect(navLinks.map((l) => l.to)).toEqual(['/', '/blog', '/trips', '/gallery', '/map', '/about', '/contact'])
  })

  it('highlights Home only on its exact path and other entries below their path', () => {
    expect(isNavLinkActive('/', '/')).toBe(true)
    expect(isNavLinkActive('/', '/blog')).toBe(false)
    expect(isNavLinkActive('/blog', '/blog/ten-days')).toBe(true)
    expect(isNavLinkActive('/blog', '/blogger')).toBe(false)
  })
})
