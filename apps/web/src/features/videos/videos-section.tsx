import { messages } from '@wayfarer/api/messages'
import { site } from '@wayfarer/api/schemas'
import { Skeleton } from '@wayfarer/ui'
import { trpc } from '../../lib/trpc'
import { SampleNotice } from './sample-notice'
import { sampleVideos } from './sample-videos'
import { VideoCard } from './video-card'

// The server caches YouTube's answer for minutes; asking again sooner would only return the same list.
export const videoQueryOptions = { retry: false, staleTime: 5 * 60_000 } as const

/** Home: the channel's 6 latest travel videos, or labelled sample cards when YouTube cannot be reached. */
export function VideosSection({ onChoose }: { onChoose: (id: string) => void }) {
  const videos = trpc.youtube.travelVideos.useQuery({ maxResults: 6 }, videoQueryOptions)
  const fallback = videos.isError || (videos.isSuccess && videos.data.length === 0)
  return (
    <section aria-labelledby="videos-heading" className="bg-gray-50 py-16" data-testid="videos-section">
      <div className="mx-auto max-w-6xl px-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="videos-heading" className="text-3xl font-bold">
              Travel Videos
            </h2>
            <p className="mt-2 text-gray-600">Watch our adventures come to life.</p>
          </div>
          <a href={site.channelUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-red-600 hover:underline">
            Visit our YouTube channel →
          </a>
        </div>
        {videos.isPending ? (
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading videos">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="aspect-video w-full rounded-xl" />
            ))}
          </div>
        ) : (
          <>
            {fallback && (
              <>
                {videos.isError && <p className="mt-8 text-center text-gray-600">{messages.videos.failed}</p>}
                <SampleNotice>{messages.videos.sample}</SampleNotice>
              </>
            )}
            <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {(fallback ? sampleVideos : videos.data).map((video) => (
                <VideoCard key={video.id} video={video} onChoose={onChoose} />
              ))}
            </div>
          </>
        )}
      </div>
    </section>
  )
}
