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
    [
      '<a href="https://x.example" target="_blank">x</a>',
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    ],
  ])('cleans %s', (dirty, clean) => expect(sanitizePostHtml(dirty)).toBe(clean))

  // Content is sanitised on every write, so a post saved again must come out unchanged.
  it('is idempotent: cleaning clean HTML changes nothing', () => {
    const dirty =
      '<p>Fish &amp; chips &lt;3 &quot;quoted&quot; caf\u00e9 &nbsp;<b>x</b><script>x</script></p>' +
      '<a href="https://x.example/?a=1&amp;b=2" target="_blank">l</a><img src="/media/a.jpg" alt="A &amp; B" onerror="x" />'
    const once = sanitizePostHtml(dirty)
    expect(sanitizePostHtml(once)).toBe(once)
  })
})

// An unclosed <style> made the parser read the rest of the post as CSS, and drop it.
describe('raw-text elements', () => {
  it.each([
    [
      '<p>Before</p><style>p { color: red }<p>After the style</p><h2>And a heading</h2>',
      '<p>Before</p>p { color: red }<p>After the style</p><h2>And a heading</h2>',
    ],
    ['<p>Before</p><style>p{}</style><p>After</p>', '<p>Before</p><p>After</p>'],
    ['<p>a</p><script>alert(1)<p>b</p>', '<p>a</p>alert(1)<p>b</p>'],
    ['<p>a</p><SCRIPT src=x></SCRIPT><p>b</p>', '<p>a</p><p>b</p>'],
    ['<p>a</p><textarea><p>kept</p>', '<p>a</p><p>kept</p>'],
  ])('keeps the body after %s', (dirty, clean) => expect(sanitizePostHtml(dirty)).toBe(clean))
})
