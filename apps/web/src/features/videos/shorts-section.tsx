import { messages } from '@wayfarer/api/messages'
import { Skeleton } from '@wayfarer/ui'
import { useQuery } from '@tanstack/react-query'
import { trpcUtils } from '../../lib/trpc'
import { shortsQuery } from './queries'
import { SampleNotice } from './sample-notice'
import { placeholderShorts } from './sample-videos'
import { ShortCard } from './short-card'

/** Home: the channel's 4 latest Shorts, or two placeholder Shorts linking to the channel. */
export function ShortsSection({ onChoose }: { onChoose: (id: string) => void }) {
  const shorts = useQuery(shortsQuery(trpcUtils))
  const fallback = shorts.isError || (shorts.isSuccess && shorts.data.length === 0)
  return (
    <section aria-labelledby="shorts-heading" className="py-16" data-testid="shorts-section">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="shorts-heading" className="text-3xl font-bold">
          Shorts
        </h2>
        <p className="mt-2 text-gray-600">Quick moments from the road.</p>
        {shorts.isPending ? (
          <div className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-4" aria-busy="true" aria-label="Loading Shorts">
            <Skeleton count={4} className="aspect-[9/16] w-full rounded-2xl" />
          </div>
        ) : (
          <>
            {fallback && (
              <>
                {shorts.isError && <p className="mt-8 text-center text-gray-600">{messages.videos.shortsFailed}</p>}
                <SampleNotice>{messages.videos.shortsSample}</SampleNotice>
              </>
            )}
            <div className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-4">
              {(fallback ? placeholderShorts : shorts.data).map((video) => (
                <ShortCard key={video.id} video={video} onChoose={onChoose} />
              ))}
            </div>
          </>
        )}
      </div>
    </section>
  )
}
