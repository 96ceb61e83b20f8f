import type { Video } from '@wayfarer/api/schemas'
import { formatVideoViews, SHORT_TITLE_MAX, truncateTitle } from './video-format'
import { VideoButton } from './video-button'

/** A portrait Short tile. */
export function ShortCard({ video, onChoose }: { video: Video; onChoose: (id: string) => void }) {
  return (
    <VideoButton
      video={video}
      onChoose={onChoose}
      testId="short-card"
      className="relative block aspect-[9/16] w-full overflow-hidden rounded-2xl bg-gray-800 text-left shadow-sm"
    >
      {(sample) => (
        <>
          <img
            src={video.thumbnail.high}
            alt=""
            loading="lazy"
            className="absolute inset-0 h-full w-full object-cover transition duration-300 group-hover:scale-105"
          />
          <span
            className="absolute inset-0 bg-gradient-to-t from-black/80 via-black/10 to-transparent"
            aria-hidden="true"
          />
          <span className="absolute inset-x-0 bottom-0 block p-3 text-white">
            <span className="block text-sm font-semibold leading-snug">
              {truncateTitle(video.title, SHORT_TITLE_MAX)}
            </span>
            <span className="mt-1 block text-xs text-white/80">
              {sample ? 'Watch on YouTube' : formatVideoViews(video.viewCount)}
            </span>
          </span>
        </>
      )}
    </VideoButton>
  )
}
