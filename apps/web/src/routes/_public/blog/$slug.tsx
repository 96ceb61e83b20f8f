import { createFileRoute } from '@tanstack/react-router'
import { PostScreen } from '../../../features/post/post-screen'
import { previewQuery, storyQuery } from '../../../features/post/queries'
import { postCommentsQuery } from '../../../features/comments/queries'
import { storyTripQuery } from '../../../features/trips/queries'
import { settled } from '../../../lib/preload'
import { optionalText, z } from '../../../lib/search-params'

// ?preview=<token>: the owner's signed link to a draft; any other value is dropped.
const storySearch = z.object({ preview: optionalText(200) })

export const Route = createFileRoute('/_public/blog/$slug')({
  validateSearch: storySearch,
  loaderDeps: ({ search }) => ({ preview: search.preview }),
  // Hovering a story card loads the story and its first comments, so the click shows them at once.
  loader: async ({ context: { queryClient }, params: { slug }, deps: { preview } }) => {
    if (preview) return settled(queryClient.ensureQueryData(previewQuery(preview)))
    const story = await queryClient.ensureQueryData(storyQuery(slug)).catch(() => undefined)
    if (story)
      await settled(
        queryClient.ensureInfiniteQueryData(postCommentsQuery(story.id)),
        queryClient.ensureQueryData(storyTripQuery(slug)),
      )
  },
  component: function PostRoute() {
    const { slug } = Route.useParams()
    const { preview } = Route.useSearch()
    return <PostScreen key={`${slug}:${preview ?? ''}`} slug={slug} preview={preview} />
  },
})
