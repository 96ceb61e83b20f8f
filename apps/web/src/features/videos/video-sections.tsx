import { useCallback, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { channelUrlOf } from '@wayfarer/api/schemas'
import { messages } from '@wayfarer/api/messages'
import { useAuth } from '../auth/auth-context'
import { useSiteSettings } from '../../lib/site-settings'
import { chooseVideo } from './video-choice'
import { VideoModal } from './video-modal'
import { VideoShelf } from './video-shelf'

/**
 * The home page's videos and Shorts sections, sharing one video modal. Without a YouTube channel visitors see
 * neither (nothing is asked of the server); the signed-in owner sees a note saying how to set one up.
 */
export function VideoSections() {
  const [openId, setOpenId] = useState<string | null>(null)
  const settings = useSiteSettings()
  const { isAuthenticated } = useAuth()
  const channelUrl = channelUrlOf(settings)
  const choose = useCallback((id: string) => chooseVideo(id, { openModal: setOpenId, channelUrl }), [channelUrl])
  if (!settings.videos) return isAuthenticated ? <VideosSetUpHint /> : null
  return (
    <>
      <VideoShelf name="videos" onChoose={choose} />
      <VideoShelf name="shorts" onChoose={choose} />
      {openId && <VideoModal key={openId} videoId={openId} onClose={() => setOpenId(null)} />}
    </>
  )
}

/** Shown only to the owner: where the videos would be, and what makes them appear. */
function VideosSetUpHint() {
  return (
    <section aria-labelledby="videos-setup-heading" className="py-12" data-testid="videos-setup-hint">
      <div className="mx-auto max-w-6xl px-4">
        <div className="rounded-xl border border-dashed border-gray-400 p-6">
          <h2 id="videos-setup-heading" className="text-xl font-bold">
            Set up your videos
          </h2>
          <p className="mt-2 text-gray-700">{messages.site.setUpVideos}</p>
          <Link to="/admin/settings/site" className="mt-3 inline-block font-medium text-teal-800 underline">
            Site settings
          </Link>
        </div>
      </div>
    </section>
  )
}
