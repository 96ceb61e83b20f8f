import { useCallback, useState } from 'react'
import { chooseVideo } from './video-choice'
import { VideoModal } from './video-modal'
import { VideoShelf } from './video-shelf'

/** The home page's videos and Shorts sections, sharing one video modal. */
export function VideoSections() {
  const [openId, setOpenId] = useState<string | null>(null)
  const choose = useCallback((id: string) => chooseVideo(id, { openModal: setOpenId }), [])
  return (
    <>
      <VideoShelf name="videos" onChoose={choose} />
      <VideoShelf name="shorts" onChoose={choose} />
      {openId && <VideoModal key={openId} videoId={openId} onClose={() => setOpenId(null)} />}
    </>
  )
}
