import { VIDEO_ID_PATTERN } from '@wayfarer/api/schemas'

/**
 * What choosing a video does: a sample/placeholder card opens the channel in a new tab, a valid
 * 11-character id opens the modal, and anything else is ignored with a console error.
 */
/** The sample cards shown before the owner links YouTube carry ids with 'placeholder' in them. */
export const isSampleVideo = (id: string): boolean => id.includes('placeholder')

export function chooseVideo(
  id: string,
  actions: { openModal: (id: string) => void; openExternal?: (url: string) => void; channelUrl?: string | null },
): void {
  if (isSampleVideo(id)) {
    const open = actions.openExternal ?? ((url: string) => window.open(url, '_blank', 'noopener,noreferrer'))
    if (actions.channelUrl) open(actions.channelUrl)
    return
  }
  if (!VIDEO_ID_PATTERN.test(id)) {
    console.error(`Ignoring invalid YouTube video id: ${JSON.stringify(id)}`)
    return
  }
  actions.openModal(id)
}

export const embedUrl = (id: string): string => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`
export const watchUrl = (id: string): string => `https://www.youtube.com/watch?v=${id}`
