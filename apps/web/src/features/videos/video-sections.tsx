import { useCallback, useState } from 'react'
import { chooseVideo } from './video-choice'
import { ShortsSection } from './shorts-section'
import { VideoModal } from './video-modal'
import { VideosSection } from './videos-section'

/** The home page's videos and Shorts sections, sharing one video modal. */
export function VideoSections() {
  const [openId, setOpenId] = useState<string | null>(null)
  const choose = useCallback((id: string) => chooseVideo(id, { openModal: setOpenId }), [])
  return (
    <>
      <VideosSection onChoose={choose} />
      <ShortsSection onChoose={choose} />
      {openId && <VideoModal key={openId} videoId={openId} onClose={() => setOpenId(null)} />}
    </>
  )
}
