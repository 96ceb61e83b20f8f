import { useState } from 'react'
import type { BodyPhoto, BodyPhotoUse } from '@wayfarer/api/schemas'
import { useQuery } from '@tanstack/react-query'
import { bodyPhotosQuery, heroPhotoQuery, shufflePoolQuery } from './queries'

/** Bundled with the web app, so the hero never shows an empty frame when the server has no photo for it. */
export const FALLBACK_HERO: BodyPhoto = { url: '/hero-fallback.jpg', title: 'Mountains at sunrise' }

/** Photos for a page section (About: 2, gear: 6), chosen by their 'about'/'gear' tag on the server. */
export function useBodyPhotos(use: BodyPhotoUse, limit: number): BodyPhoto[] {
  const query = useQuery(bodyPhotosQuery(use, limit))
  return query.data ?? []
}

/**
 * The Home hero: a random hero photo from the server, a shuffle among 20 gallery photos, and the
 * bundled image when the server has none, fails, or the picture does not load.
 */
export function useHeroImage(): {
  image: BodyPhoto | undefined
  shuffle: () => Promise<void>
  onImageError: () => void
} {
  const hero = useQuery(heroPhotoQuery())
  const pool = useQuery(shufflePoolQuery())
  const [chosen, setChosen] = useState<BodyPhoto | undefined>()
  const [failed, setFailed] = useState(false)

  const fromServer = chosen ?? hero.data?.[0]
  const image = failed || hero.isError || (hero.isSuccess && !fromServer) ? FALLBACK_HERO : fromServer

  // A click before the pool has arrived waits for it rather than doing nothing.
  const shuffle = async () => {
    const photos = pool.data ?? (await pool.refetch()).data ?? []
    const candidates = photos
      .map((p) => ({ url: p.cloudinary_url, title: p.title }))
      .filter((p) => p.url !== image?.url)
    const next = candidates[Math.floor(Math.random() * candidates.length)]
    if (next) {
      setFailed(false)
      setChosen(next)
    }
  }
  return { image, shuffle, onImageError: () => setFailed(true) }
}
