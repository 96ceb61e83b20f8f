import { staticPages } from '@wayfarer/api/schemas'
import { usePageMeta } from '../../lib/page-meta'
import { Hero } from './hero'
import { HomeStats } from './stats'
import { LatestAdventures } from './latest-adventures'

export function HomeScreen() {
  usePageMeta(staticPages.home.title, staticPages.home.description)
  return (
    <>
      <Hero />
      <HomeStats />
      <LatestAdventures />
      {/* The videos and shorts sections (issue: videos) are mounted here, after Latest Adventures. */}
    </>
  )
}
