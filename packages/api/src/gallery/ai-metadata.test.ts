import { describe, expect, it } from 'vitest'
import { cleanGalleryMetadata, galleryAiStyles, galleryMetadataPrompt, pickGalleryAiStyle } from './ai-metadata'

describe('cleaning the AI answer for gallery metadata', () => {
  it('reads plain JSON as it is', () => {
    expect(
      cleanGalleryMetadata(
        '{"title":"Dawn at Bled","caption":"Mist on the lake.","location":"Bled, Slovenia","tags":["lake","dawn","mist"]}',
      ),
    ).toEqual({
      title: 'Dawn at Bled',
      caption: 'Mist on the lake.',
      location: 'Bled, Slovenia',
      tags: ['lake', 'dawn', 'mist'],
    })
  })

  it('finds JSON inside code fences and chatter, and strips markdown and HTML from the values', () => {
    const answer =
      'Sure! Here you go:\n```json\n{"title": "**Golden** _dunes_", "caption": "<b>The Sahara</b> glows. [More](http://x.y)", "location": "# Merzouga, Morocco", "tags": ["#Desert", "SUNSET", "#sahara dunes"]}\n```\nEnjoy!'
    expect(cleanGalleryMetadata(answer)).toEqual({
      title: 'Golden dunes',
      caption: 'The Sahara glows. More',
      location: 'Merzouga, Morocco',
      tags: ['desert', 'sunset', 'sahara-dunes'],
    })
  })

  it('caps title at 60, caption at 160 and location at 60 characters on word boundaries', () => {
    const long = (word: string, n: number) => Array.from({ length: n }, () => word).join(' ')
    const result = cleanGalleryMetadata(
      JSON.stringify({
        title: long('mountain', 20),
        caption: long('wander', 60),
        location: long('place', 30),
        tags: ['a1', 'b2', 'c3'],
      }),
    )
    expect(result.title.length).toBeLessThanOrEqual(60)
    expect(result.caption.length).toBeLessThanOrEqual(160)
    expect(result.location.length).toBeLessThanOrEqual(60)
    expect(result.title).toMatch(/^mountain( mountain)*$/)
    expect(result.caption).toMatch(/^wander( wander)*$/)
  })

  it('keeps 3 to 6 unique short lowercase tags without #', () => {
    const many = cleanGalleryMetadata(
      JSON.stringify({
        title: 'T',
        caption: '',
        location: '',
        tags: [
          '#One',
          'two',
          'TWO',
          'three',
          'four',
          'five',
          'six',
          'seven',
          'a-tag-that-is-far-too-long-to-be-a-keyword',
        ],
      }),
    )
    expect(many.tags).toEqual(['one', 'two', 'three', 'four', 'five', 'six'])
    const few = cleanGalleryMetadata(
      JSON.stringify({ title: 'Sunrise over Annapurna', caption: 'x', location: 'Pokhara, Nepal', tags: [] }),
    )
    expect(few.tags).toEqual(['sunrise', 'annapurna', 'pokhara'])
    const none = cleanGalleryMetadata('{"title":"Hi","tags":"beach, sea"}')
    expect(none.tags).toEqual(['beach', 'sea', 'travel'])
  })

  it('falls back to first line = title and the rest = caption when the answer is not JSON', () => {
    const answer =
      '## Title: Lanterns over the river\n\nThe old town glows as *boats* drift by.\nA night to remember. #vietnam #HoiAn #night'
    expect(cleanGalleryMetadata(answer)).toEqual({
      title: 'Lanterns over the river',
      caption: 'The old town glows as boats drift by. A night to remember.',
      location: '',
      tags: ['vietnam', 'hoian', 'night'],
    })
  })

  it('treats broken JSON as text, and copes with an empty answer', () => {
    const broken = cleanGalleryMetadata('{"title": "Unclosed\n"caption": "oops"')
    expect(broken.title).toBe('Unclosed')
    expect(broken.caption).toBe('oops')
    expect(cleanGalleryMetadata('')).toEqual({
      title: '',
      caption: '',
      location: '',
      tags: ['travel', 'photography', 'adventure'],
    })
  })

  it('asks for JSON in one of the four styles, with what is already known', () => {
    expect(galleryAiStyles).toEqual(['playful', 'romantic', 'adventurous', 'storyteller'])
    expect(pickGalleryAiStyle(() => 0)).toBe('playful')
    expect(pickGalleryAiStyle(() => 0.99)).toBe('storyteller')
    const prompt = galleryMetadataPrompt('romantic', { title: 'Old title', location: 'Lisbon, Portugal' })
    expect(prompt).toContain('romantic style')
    expect(prompt).toContain('"title"')
    expect(prompt).toContain('Known location: Lisbon, Portugal')
  })
})
