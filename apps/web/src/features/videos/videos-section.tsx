import { messages } from '@wayfarer/api/messages'
import { site } from '@wayfarer/api/schemas'
import { Skeleton } from '@wayfarer/ui'
import { useQuery } from '@tanstack/react-query'
import { trpcUtils } from '../../lib/trpc'
import { travelVideosQuery } from './queries'
import { SampleNotice } from './sample-notice'
import { sampleVideos } from './sample-videos'
import { VideoCard } from './video-card'

/** Home: the channel's 6 latest travel videos, or labelled sample cards when YouTube cannot be reached. */
export function VideosSection({ onChoose }: { onChoose: (id: string) => void }) {
  const videos = useQuery(travelVideosQuery(trpcUtils))
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
            <Skeleton count={6} className="aspect-video w-full rounded-xl" />
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
