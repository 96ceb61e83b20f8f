import { afterEach, describe, expect, it, vi } from 'vitest'
import { site } from '@wayfarer/api/schemas'
import { chooseVideo } from './video-choice'

afterEach(() => vi.restoreAllMocks())

function choose(id: string) {
  const opened: string[] = []
  const external: string[] = []
  chooseVideo(id, {
    openModal: (v) => opened.push(v),
    openExternal: (url) => external.push(url),
    channelUrl: site.channelUrl,
  })
  return { opened, external }
}

describe('chooseVideo', () => {
  it('opens the modal for an 11-character id of letters, digits, _ and -', () => {
    expect(choose('dQw4w9WgXcQ').opened).toEqual(['dQw4w9WgXcQ'])
    expect(choose('a_b-c_d-e_f').opened).toEqual(['a_b-c_d-e_f'])
  })

  it('ignores other ids with a console error', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const bad of ['short', 'dQw4w9WgXcQQ', 'dQw4w9WgXc!', '', '<script>x']) {
      expect(choose(bad)).toEqual({ opened: [], external: [] })
    }
    expect(errors).toHaveBeenCalledTimes(5)
  })

  it('opens the channel for placeholder cards instead of the modal', () => {
    expect(choose('placeholder-short-1')).toEqual({ opened: [], external: [site.channelUrl] })
  })
})
