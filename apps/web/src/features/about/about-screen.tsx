import { Link } from '@tanstack/react-router'
import { staticPages } from '@wayfarer/api/schemas'
import { Badge } from '@wayfarer/ui'
import { useBodyPhotos } from '../gallery/use-body-photos'
import { usePageMeta } from '../../lib/page-meta'
import { useSiteSettings } from '../../lib/site-settings'
import { useFigures } from '../layout/use-figures'
import { gearList } from './gear'

/** About: the owners' story with two photos, three figures and the gear they travel with. */
export function AboutScreen() {
  usePageMeta(staticPages.about.title, staticPages.about.description)
  const figures = useFigures()
  const aboutStats = [
    { value: figures.countries, label: 'Countries' },
    { value: figures.stories, label: 'Stories' },
    { value: figures.photos, label: 'Photos' },
  ]
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <OurStory />
      <section aria-label="Stats" className="mt-16 grid grid-cols-3 gap-4">
        {aboutStats.map((s) => (
          <div key={s.label} className="rounded-xl bg-teal-50 p-6 text-center">
            <p className="text-3xl font-bold text-teal-700">{s.value}</p>
            <p className="mt-1 text-sm font-medium text-gray-600">{s.label}</p>
          </div>
        ))}
      </section>
      <OurGear />
    </div>
  )
}

/** The owner's text (paragraphs split at empty lines) and two photos: chosen in the settings, else tagged 'about'. */
function OurStory() {
  const settings = useSiteSettings()
  const tagged = useBodyPhotos('about', 2)
  const photos = settings.aboutPhotos.length ? settings.aboutPhotos.map((url) => ({ url, title: '' })) : tagged
  const paragraphs = settings.aboutText.split(/\n\s*\n/).filter((p) => p.trim())
  return (
    <section className="grid items-center gap-10 md:grid-cols-2">
      <div>
        <h1 className="text-4xl font-bold">About Us</h1>
        <div className="mt-6 space-y-4 text-lg leading-relaxed text-gray-700" data-testid="about-text">
          {paragraphs.map((p, i) => (
            <p key={i} className="whitespace-pre-line">
              {p}
            </p>
          ))}
        </div>
        <div className="mt-8 flex gap-3">
          <Link to="/blog" className="rounded-lg bg-teal-700 px-5 py-2.5 font-medium text-white hover:bg-teal-800">
            Read Our Stories
          </Link>
          <Link to="/contact" className="rounded-lg border border-gray-300 px-5 py-2.5 font-medium hover:bg-gray-50">
            Get in Touch
          </Link>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-4" data-testid="about-photos">
        {photos.map((p, i) => (
          <img
            key={p.url}
            src={p.url}
            alt={p.title}
            className={`aspect-[3/4] w-full rounded-xl object-cover ${i === 1 ? 'mt-8' : ''}`}
          />
        ))}
      </div>
    </section>
  )
}

/** The six pieces of gear with their badges; the pictures are gallery photos tagged 'gear', in order. */
function OurGear() {
  const gearPhotos = useBodyPhotos('gear', 6)
  return (
    <section aria-labelledby="gear-heading" className="mt-16">
      <h2 id="gear-heading" className="text-3xl font-bold">
        Our Gear
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {gearList.map((g, i) => (
          <li
            key={g.kind}
            data-testid="gear-item"
            className="overflow-hidden rounded-xl border border-gray-200 shadow-sm"
          >
            {gearPhotos[i] && (
              <img
                src={gearPhotos[i].url}
                alt={gearPhotos[i].title}
                width={400}
                height={240}
                loading="lazy"
                className="aspect-[5/3] w-full object-cover"
              />
            )}
            <div className="p-6">
              <p className="text-sm font-semibold uppercase tracking-wide text-teal-700">{g.kind}</p>
              <p className="mt-1 text-lg font-bold">{g.name}</p>
              <p className="mt-2 text-sm text-gray-600">{g.note}</p>
              <div className="mt-4 flex flex-wrap gap-2">
                {g.badges.map((b) => (
                  <Badge key={b}>{b}</Badge>
                ))}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
