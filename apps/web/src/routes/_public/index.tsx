import { createFileRoute } from '@tanstack/react-router'
import { HomeScreen } from '../../features/home/home-screen'
import { latestStoriesQuery } from '../../features/home/queries'
import { heroPhotoQuery, shufflePoolQuery } from '../../features/gallery/queries'
import { shortsQuery, travelVideosQuery } from '../../features/videos/queries'
import { settled } from '../../lib/preload'
import { siteSettingsQuery } from '../../lib/site-settings'

export const Route = createFileRoute('/_public/')({
  loader: ({ context: { queryClient } }) => {
    // The videos wait on YouTube: asked for now, but the page never waits for them (each section loads on its own);
    // nor for the photos the Shuffle button draws from, needed only once it is pressed.
    // Only with a channel set up: otherwise the sections are not shown and asking would only fail.
    if (queryClient.getQueryData(siteSettingsQuery().queryKey)?.videos) {
      void queryClient.prefetchQuery(travelVideosQuery())
      void queryClient.prefetchQuery(shortsQuery())
    }
    void queryClient.prefetchQuery(shufflePoolQuery())
    return settled(queryClient.ensureQueryData(latestStoriesQuery()), queryClient.ensureQueryData(heroPhotoQuery()))
  },
  component: HomeScreen,
})
