import { describe, expect, it } from 'vitest'
import { excerptFromContent, hasStoryContent, htmlToText, readingTimeOf } from './story-text'

describe('story text', () => {
  it('reads HTML as text: tags out, block ends as line breaks, references decoded once', () => {
    expect(
      htmlToText(
        '<h2>Day one</h2><p>Sand &amp; stars&nbsp;&lt;3 &quot;wow&quot; &#8212; &hellip;</p><script>x()</script>',
      ),
    ).toBe('Day one\nSand & stars <3 "wow" — …')
    expect(htmlToText('&amp;lt;')).toBe('&lt;') // as a browser shows it
  })

  it('counts text or an image as content, empty paragraphs as none', () => {
    expect(hasStoryContent('<p></p>')).toBe(false)
    expect(hasStoryContent('<p> &nbsp; </p>')).toBe(false)
    expect(hasStoryContent('<p><img src="/media/a.webp" alt=""></p>')).toBe(true)
    expect(hasStoryContent('<h2>x</h2>')).toBe(true)
  })

  it('reads 200 words a minute, at least one minute', () => {
    expect(readingTimeOf('<p></p>')).toBe(1)
    expect(readingTimeOf(`<p>${'word '.repeat(200)}</p>`)).toBe(1)
    expect(readingTimeOf(`<p>${'word '.repeat(201)}</p>`)).toBe(2)
  })

  it('makes an excerpt of the first 160 characters, with an ellipsis only when it was cut there', () => {
    expect(excerptFromContent('<h2>Day</h2><p>Short &amp; sweet.</p>')).toBe('Day Short & sweet.')
    expect(excerptFromContent(`<p>${'a'.repeat(200)}</p>`)).toBe(`${'a'.repeat(160)}...`)
    expect(excerptFromContent(`<p>${'b'.repeat(160)}</p>`)).toBe(`${'b'.repeat(160)}...`)
    expect(excerptFromContent(`<p>${'c'.repeat(159)}</p>`)).toBe('c'.repeat(159))
  })
})
