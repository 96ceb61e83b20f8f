import type { Video } from '@wayfarer/api/schemas'

/**
 * What the home page shows while the channel cannot be reached (no key yet, quota spent): labelled sample cards
 * whose ids contain "placeholder", so choosing one opens the channel rather than a video that does not exist.
 */
function placeholder(n: number, kind: 'video' | 'short', title: string, description: string): Video {
  const art = `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${kind === 'short' ? '9 16' : '16 9'}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#0f766e"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  )}`
  return {
    id: `placeholder-${kind}-${n}`,
    title,
    description,
    thumbnail: { default: art, medium: art, high: art },
    publishedAt: '',
    channelTitle: 'Wayfarer',
    duration: '',
    viewCount: '',
    likeCount: null,
    commentCount: null,
    isShort: kind === 'short',
  }
}

export const sampleVideos: Video[] = [
  placeholder(1, 'video', 'Our latest travel films are on YouTube', 'Watch the full adventures on our channel.'),
  placeholder(2, 'video', 'Destination guides, filmed on the road', 'Where to go, what to eat and how to get around.'),
  placeholder(3, 'video', 'Behind the scenes of our journeys', 'How we plan, pack and film.'),
]

/** When Shorts fail, two placeholder Shorts link to the channel. */
export const placeholderShorts: Video[] = [
  placeholder(1, 'short', 'Quick travel moments', 'Short clips from the road.'),
  placeholder(2, 'short', 'One-minute travel tips', 'Tips in under a minute.'),
]
