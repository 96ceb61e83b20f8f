import { Link } from '@tanstack/react-router'
import { channelUrlOf, responsiveSrcset } from '@wayfarer/api/schemas'
import { useHeroImage } from '../gallery/use-body-photos'
import { useSiteSettings } from '../../lib/site-settings'

/**
 * Full-width hero with a random featured image and a shuffle button: a gallery photo tagged 'hero', shuffling
 * among 20 gallery photos, and a bundled image when the server cannot provide one (useHeroImage).
 */
export function Hero() {
  const { image, shuffle, onImageError } = useHeroImage()
  const settings = useSiteSettings()
  const channelUrl = channelUrlOf(settings)

  return (
    <section className="relative isolate flex min-h-[70vh] items-center overflow-hidden bg-gray-900">
      {image && (
        <img
          data-testid="hero-image"
          src={image.url}
          srcSet={responsiveSrcset(image.url)}
          sizes="100vw"
          fetchPriority="high"
          alt={image.title}
          onError={onImageError}
          className="absolute inset-0 -z-10 h-full w-full object-cover opacity-60"
        />
      )}
      <div className="mx-auto w-full max-w-6xl px-4 pt-24 pb-32 text-white">
        <h1 className="max-w-3xl text-4xl font-bold leading-tight sm:text-6xl">{settings.heroTitle}</h1>
        {settings.heroText && <p className="mt-6 max-w-2xl text-lg text-gray-100">{settings.heroText}</p>}
        <div className="mt-10 flex flex-wrap gap-3">
          <Link to="/blog" className="rounded-lg bg-teal-600 px-5 py-3 font-semibold hover:bg-teal-500">
            Read the Blog
          </Link>
          <Link
            to="/gallery"
            className="rounded-lg bg-white/15 px-5 py-3 font-semibold backdrop-blur hover:bg-white/25"
          >
            View Gallery
          </Link>
          {channelUrl && (
            <a
              href={channelUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-lg bg-red-600 px-5 py-3 font-semibold hover:bg-red-500"
            >
              Watch on YouTube
            </a>
          )}
        </div>
      </div>
      {/* Above the 3rem band that the stats tiles overlap (HomeStats' -mt-12), so they never cover these. */}
      {image && (
        <button
          type="button"
          onClick={() => void shuffle()}
          className="absolute bottom-16 right-4 rounded-full bg-black/40 px-4 py-2 text-sm font-medium text-white backdrop-blur hover:bg-black/60 sm:right-6"
        >
          Shuffle photo
        </button>
      )}
      {image && (
        <p
          data-testid="hero-caption"
          className="absolute bottom-16 left-4 max-w-[50%] truncate text-xs text-white/80 sm:left-6"
        >
          {image.title}
        </p>
      )}
    </section>
  )
}
