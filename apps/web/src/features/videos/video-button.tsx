import type { ReactNode } from 'react'
import type { Video } from '@wayfarer/api/schemas'
import { isSampleVideo } from './video-choice'

/**
 * The one button a video tile is: it opens the video (or the channel, for the sample videos shown before the
 * owner links YouTube). `children` gets whether this is such a sample.
 */
export function VideoButton({
  video,
  onChoose,
  className,
  testId,
  children,
}: {
  video: Video
  onChoose: (id: string) => void
  className: string
  testId: string
  children: (sample: boolean) => ReactNode
}) {
  return (
    <button
      type="button"
      onClick={() => onChoose(video.id)}
      className={`group ${className} focus-visible:outline-2 focus-visible:outline-teal-600`}
      data-testid={testId}
      title={video.title}
    >
      {children(isSampleVideo(video.id))}
    </button>
  )
}
