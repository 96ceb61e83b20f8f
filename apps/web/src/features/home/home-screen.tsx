import { staticPages } from '@wayfarer/api/schemas'
import { usePageMeta } from '../../lib/page-meta'
import { Hero } from './hero'
import { HomeStats } from './stats'
import { LatestAdventures } from './latest-adventures'
import { VideoSections } from '../videos/video-sections'

export function HomeScreen() {
  usePageMeta(staticPages.home.title, staticPages.home.description)
  return (
    <>
      <Hero />
      <HomeStats />
      <LatestAdventures />
      <VideoSections />
    </>
  )
}
