import { describe, expect, it } from 'vitest'
import { sanitizePostHtml } from './sanitize'

describe('sanitizePostHtml', () => {
  it('keeps what the editor makes', () => {
    const html =
      '<h1>T</h1><h2>S</h2><h3>s</h3><p><strong>b</strong> <em>i</em> <a href="https://x.example/">l</a></p>' +
      '<ul><li>a</li></ul><ol><li>b</li></ol><blockquote>q</blockquote><img src="/media/a/b.jpg" alt="A" />'
    expect(sanitizePostHtml(html)).toBe(html)
  })

  it.each([
    ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['<img src="x" onerror="alert(1)" />', '<img src="x" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<p style="color:red" onclick="x()">x</p>', '<p>x</p>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<img src="data:image/svg+xml;base64,AAAA" />', '<img />'],
    ['<a href="https://x.example" target="_blank">x</a>', '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>'],
  ])('cleans %s', (dirty, clean) => expect(sanitizePostHtml(dirty)).toBe(clean))
})
