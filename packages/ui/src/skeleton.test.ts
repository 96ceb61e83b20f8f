import { describe, expect, it } from 'vitest'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Skeleton } from './skeleton'

describe('Skeleton', () => {
  it('repeats its placeholder, hidden from screen readers', () => {
    const html = renderToStaticMarkup(createElement(Skeleton, { count: 3, className: 'h-20' }))
    expect(html.match(/aria-hidden="true"/g)).toHaveLength(3)
    expect(html).not.toContain('aria-busy')
  })

  it('lays the placeholders out in the box the content will fill, marked busy', () => {
    const html = renderToStaticMarkup(createElement(Skeleton, { count: 2, className: 'h-72', layout: 'grid gap-6' }))
    expect(html).toMatch(/^<div class="grid gap-6" aria-busy="true"><div aria-hidden="true"[^>]*><\/div><div/)
    expect(html.match(/animate-pulse/g)).toHaveLength(2)
  })
})
