// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { createEditor, Editor, type Descendant } from 'slate'
import { deserializeHtml, serializeDocument } from './html'
import { withPostElements } from './editor-plugins'
import type { EditorDocument } from './slate-types'

/** A document using every toolbar feature: marks, headings 1-3, quote, both lists, link, image, line break. */
const everyFeature: EditorDocument = [
  { type: 'heading-one', children: [{ text: 'Ten days in Nepal' }] },
  { type: 'heading-two', children: [{ text: 'Kathmandu' }] },
  { type: 'heading-three', children: [{ text: 'Day one' }] },
  {
    type: 'paragraph',
    children: [
      { text: 'Plain, ' },
      { text: 'bold', bold: true },
      { text: ', ' },
      { text: 'italic', italic: true },
      { text: ' and ' },
      { text: 'both', bold: true, italic: true },
      { text: ' with a ' },
      {
        type: 'link',
        url: 'https://example.com/trek?a=1&b="2"',
        children: [{ text: 'link ' }, { text: 'in bold', bold: true }],
      },
      { text: ' & <escapes>\nafter a line break.' },
    ],
  },
  { type: 'block-quote', children: [{ text: 'The mountains are calling.' }] },
  {
    type: 'bulleted-list',
    children: [
      { type: 'list-item', children: [{ text: 'Boots' }] },
      { type: 'list-item', children: [{ text: 'Jacket', italic: true }] },
    ],
  },
  {
    type: 'numbered-list',
    children: [
      { type: 'list-item', children: [{ text: 'Fly in' }] },
      { type: 'list-item', children: [{ text: 'Walk up' }] },
    ],
  },
  {
    type: 'paragraph',
    children: [
      { text: '' },
      { type: 'image', url: '/media/posts/abc.png', alt: 'Prayer flags', children: [{ text: '' }] },
      { text: '' },
    ],
  },
  { type: 'paragraph', children: [{ text: '' }] },
]

/** What Slate itself makes of a value (merging, empty texts around inlines). */
function normalized(value: Descendant[]): Descendant[] {
  const editor = withPostElements(createEditor())
  editor.children = structuredClone(value)
  Editor.normalize(editor, { force: true })
  return editor.children
}

describe('post HTML and the Slate document', () => {
  it('round-trips every toolbar feature: Slate -> HTML -> Slate -> HTML is identical', () => {
    const html = serializeDocument(everyFeature)
    const back = deserializeHtml(html)
    expect(serializeDocument(back)).toBe(html)
    expect(normalized(back)).toEqual(normalized(everyFeature))
  })

  it('writes the expected tags', () => {
    expect(serializeDocument(everyFeature)).toBe(
      '<h1>Ten days in Nepal</h1><h2>Kathmandu</h2><h3>Day one</h3>' +
        '<p>Plain, <strong>bold</strong>, <em>italic</em> and <strong><em>both</em></strong> with a ' +
        '<a href="https://example.com/trek?a=1&amp;b=&quot;2&quot;">link <strong>in bold</strong></a> &amp; &lt;escapes&gt;<br>after a line break.</p>' +
        '<blockquote>The mountains are calling.</blockquote>' +
        '<ul><li>Boots</li><li><em>Jacket</em></li></ul><ol><li>Fly in</li><li>Walk up</li></ol>' +
        '<p><img src="/media/posts/abc.png" alt="Prayer flags"></p><p></p>',
    )
  })

  it('loads what the server stores after sanitising (self-closing tags, b/i, nested quote paragraphs)', () => {
    const stored =
      '<p>A <b>bold</b> <i>move</i><br />next</p><blockquote><p>One</p><p>Two</p></blockquote>loose text<img src="https://x.test/a.jpg" alt="" />'
    expect(serializeDocument(deserializeHtml(stored))).toBe(
      '<p>A <strong>bold</strong> <em>move</em><br>next</p><blockquote>One<br>Two</blockquote><p>loose text<img src="https://x.test/a.jpg" alt=""></p>',
    )
    expect(deserializeHtml('')).toEqual([{ type: 'paragraph', children: [{ text: '' }] }])
  })
})
