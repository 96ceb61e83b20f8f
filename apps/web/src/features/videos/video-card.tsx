import type { Video } from '@wayfarer/api/schemas'
import { formatDuration, formatPublished, formatVideoViews, truncateTitle, VIDEO_TITLE_MAX } from './video-format'
import { VideoButton } from './video-button'

/** A landscape video tile; the whole card is one button that opens the video (or the channel for samples). */
export function VideoCard({ video, onChoose }: { video: Video; onChoose: (id: string) => void }) {
  const duration = formatDuration(video.duration)
  return (
    <VideoButton
      video={video}
      onChoose={onChoose}
      testId="video-card"
      className="block w-full overflow-hidden rounded-xl bg-white text-left shadow-sm ring-1 ring-gray-200 transition hover:shadow-md"
    >
      {(sample) => (
        <>
          <span className="relative block aspect-video overflow-hidden bg-gray-200">
            <img
              src={video.thumbnail.high}
              alt=""
              loading="lazy"
              className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
            />
            <span className="absolute inset-0 flex items-center justify-center">
              <span
                className="flex h-14 w-14 items-center justify-center rounded-full bg-black/60 text-white transition group-hover:bg-red-600"
                aria-hidden="true"
              >
                <svg viewBox="0 0 24 24" className="ml-1 h-7 w-7" fill="currentColor">
                  <path d="M8 5v14l11-7z" />
                </svg>
              </span>
            </span>
            {duration && (
              <span className="absolute right-2 bottom-2 rounded bg-black/80 px-1.5 py-0.5 text-xs font-medium text-white">
                {duration}
              </span>
            )}
          </span>
          <span className="block p-4">
            <span className="block font-semibold text-gray-900">{truncateTitle(video.title, VIDEO_TITLE_MAX)}</span>
            <span className="mt-1 block text-sm text-gray-500">
              {sample
                ? 'Watch on our YouTube channel'
                : `${formatVideoViews(video.viewCount)} · ${formatPublished(video.publishedAt)}`}
            </span>
          </span>
        </>
      )}
    </VideoButton>
  )
}
