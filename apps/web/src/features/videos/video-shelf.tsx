import { useQuery } from '@tanstack/react-query'
import { messages } from '@wayfarer/api/messages'
import { channelUrlOf, type Video } from '@wayfarer/api/schemas'
import { useSiteSettings } from '../../lib/site-settings'
import { QueryView, Skeleton } from '@wayfarer/ui'
import { shortsQuery, travelVideosQuery } from './queries'
import { placeholderShorts, sampleVideos } from './sample-videos'
import { ShortCard } from './short-card'
import { VideoCard } from './video-card'

/**
 * The home page's two video sections: the channel's 6 latest travel videos and its 4 latest Shorts,
 * or labelled samples when YouTube fails or has nothing yet.
 */
const shelves = {
  videos: {
    title: 'Travel Videos',
    intro: 'Watch our adventures come to life.',
    className: 'bg-gray-50',
    channelLink: true,
    Card: VideoCard,
    query: travelVideosQuery,
    samples: sampleVideos,
    failedText: messages.videos.failed,
    sampleText: messages.videos.sample,
    grid: 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3',
    skeleton: { count: 6, className: 'aspect-video w-full rounded-xl', label: 'Loading videos' },
  },
  shorts: {
    title: 'Shorts',
    intro: 'Quick moments from the road.',
    className: '',
    channelLink: false,
    Card: ShortCard,
    query: shortsQuery,
    samples: placeholderShorts,
    failedText: messages.videos.shortsFailed,
    sampleText: messages.videos.shortsSample,
    grid: 'grid grid-cols-2 gap-4 md:grid-cols-4',
    skeleton: { count: 4, className: 'aspect-[9/16] w-full rounded-2xl', label: 'Loading Shorts' },
  },
} as const

type Choose = (id: string) => void

/** One section: a heading, skeletons while loading, then the channel's videos or the samples under a yellow notice. */
export function VideoShelf({ name, onChoose }: { name: keyof typeof shelves; onChoose: Choose }) {
  const shelf = shelves[name]
  const videos = useQuery(shelf.query())
  const channelUrl = channelUrlOf(useSiteSettings())
  return (
    <section aria-labelledby={`${name}-heading`} className={`py-16 ${shelf.className}`} data-testid={`${name}-section`}>
      <div className="mx-auto max-w-6xl px-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id={`${name}-heading`} className="text-3xl font-bold">
              {shelf.title}
            </h2>
            <p className="mt-2 text-gray-600">{shelf.intro}</p>
          </div>
          {shelf.channelLink && channelUrl && (
            <a
              href={channelUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-red-600 hover:underline"
            >
              Visit our YouTube channel →
            </a>
          )}
        </div>
        <QueryView
          query={videos}
          loading={
            <div className={`mt-8 ${shelf.grid}`} aria-busy="true" aria-label={shelf.skeleton.label}>
              <Skeleton count={shelf.skeleton.count} className={shelf.skeleton.className} />
            </div>
          }
          failed={() => <SampleVideos shelf={shelf} failed onChoose={onChoose} />}
          isEmpty={(list) => list.length === 0}
          empty={<SampleVideos shelf={shelf} onChoose={onChoose} />}
        >
          {(list) => <VideoGrid shelf={shelf} videos={list} onChoose={onChoose} />}
        </QueryView>
      </div>
    </section>
  )
}

type Shelf = (typeof shelves)[keyof typeof shelves]

/** The labelled samples shown instead of the channel's videos when YouTube fails or has none yet. */
function SampleVideos({ shelf, failed = false, onChoose }: { shelf: Shelf; failed?: boolean; onChoose: Choose }) {
  return (
    <>
      {failed && <p className="mt-8 text-center text-gray-600">{shelf.failedText}</p>}
      <p
        role="status"
        className="mx-auto mt-6 w-fit rounded-lg border border-yellow-300 bg-yellow-50 px-4 py-2 text-sm font-medium text-yellow-800"
      >
        {shelf.sampleText}
      </p>
      <VideoGrid shelf={shelf} videos={shelf.samples} onChoose={onChoose} />
    </>
  )
}

function VideoGrid({ shelf, videos, onChoose }: { shelf: Shelf; videos: readonly Video[]; onChoose: Choose }) {
  return (
    <div className={`mt-8 ${shelf.grid}`}>
      {videos.map((video) => (
        <shelf.Card key={video.id} video={video} onChoose={onChoose} />
      ))}
    </div>
  )
}
