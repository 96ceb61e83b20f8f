/**
 * The public site's identity and its static pages' titles and descriptions, shared by the web app (client-side
 * <title>) and the server (the <head> it injects for crawlers), so both always say the same thing.
 */
export const site = {
  name: 'Wayfarer',
  tagline: 'Travel Blog',
  description:
    'Join our adventures around the world and discover hidden gems, amazing destinations and practical travel tips.',
  channelUrl: 'https://www.youtube.com/@wayfarer',
  email: 'hello@wayfarer.example',
  social: [
    { network: 'Instagram', url: 'https://www.instagram.com/wayfarer' },
    { network: 'TikTok', url: 'https://www.tiktok.com/@wayfarer' },
    { network: 'YouTube', url: 'https://www.youtube.com/@wayfarer' },
    { network: 'Facebook', url: 'https://www.facebook.com/wayfarer' },
  ],
} as const

/** "Blog" → "Blog | Wayfarer"; the home page carries the site's full title. */
export const pageTitle = (name?: string): string => (name ? `${name} | ${site.name}` : `${site.name} — ${site.tagline}`)

export interface StaticPage<Path extends string = string> {
  /** Kept as its literal type, so the web app's typed links check it against the route tree. */
  path: Path
  /** Short name for navigation and the HTML sitemap. */
  name: string
  title: string
  description: string
}

const page = <Path extends string>(
  path: Path,
  name: string,
  description: string,
  title = pageTitle(name),
): StaticPage<Path> => ({
  path,
  name,
  title,
  description,
})

/** Every public page that is not a post, in navigation order. */
export const staticPages = {
  home: page('/', 'Home', site.description, pageTitle()),
  blog: page('/blog', 'Blog', 'Travel stories, destination guides and practical tips from the road.'),
  gallery: page(
    '/gallery',
    'Gallery',
    'Photographs from our travels: mountains, coasts, cities and the people we met.',
  ),
  map: page('/map', 'Map', 'Every story and photo on a map of the world: where we have been, and what we found there.'),
  places: page('/places', 'Places', 'The countries we have visited, with their stories and photos.'),
  about: page('/about', 'About', 'Who we are, why we travel, and the camera gear we carry around the world.'),
  contact: page('/contact', 'Contact', 'Get in touch about collaborations, questions or travel advice.'),
  privacy: page('/privacy', 'Privacy Policy', 'How this travel blog handles the little personal data it receives.'),
  terms: page('/terms', 'Terms of Use', 'The terms for reading, sharing and commenting on this travel blog.'),
  sitemap: page('/sitemap', 'Sitemap', 'Every page and story on this travel blog.'),
} satisfies Record<string, StaticPage>

/** The list of trips (kept apart from staticPages until the web app has its route). */
export const tripsPage = page(
  '/trips',
  'Trips',
  'Our journeys day by day: the route, the stories and the photos of each trip.',
)

export const notFoundPage = {
  title: pageTitle('Page Not Found'),
  heading: 'Page Not Found',
  text: "The page you're looking for doesn't exist.",
  description: "The page you're looking for doesn't exist.",
} as const

/** The footer's category links: /blog?category=<slug>. */
export const footerCategories = [
  { slug: 'adventure-travel', name: 'Adventure Travel' },
  { slug: 'beach-destinations', name: 'Beach Destinations' },
  { slug: 'cultural-experiences', name: 'Cultural Experiences' },
  { slug: 'travel-tips', name: 'Travel Tips' },
  { slug: 'tech', name: 'Tech' },
  { slug: 'lifestyle', name: 'Lifestyle' },
] as const

/** The figures Home, Gallery and About show: counted from the site's data unless the owner sets one. */
export const FIGURE_KINDS = ['countries', 'stories', 'photos', 'trips', 'followers'] as const
export type FigureKind = (typeof FIGURE_KINDS)[number]
export const SOCIAL_LINKS_MAX = 12

/** The owner's site settings (Admin → Settings → Site); the schema is settings/site-schema.ts. */
export interface SiteSettings {
  name: string
  tagline: string
  logoUrl: string | null
  heroTitle: string
  heroText: string
  /** Paragraphs separated by an empty line. */
  aboutText: string
  /** Up to two image addresses; none: the gallery photos tagged 'about'. */
  aboutPhotos: string[]
  /** Empty: no address shown. */
  contactEmail: string
  contactLocation: string
  socialLinks: { network: string; url: string }[]
  footerText: string
  /** The IANA zone the owner's dates are written in. */
  timeZone: string
  /** The pages' language (the html element's lang). */
  language: string
  figures: Record<FigureKind, string | null>
}

/** The public read (`settings.site`): the settings and whether a YouTube channel is set up. */
export interface PublicSiteSettings extends SiteSettings {
  videos: boolean
}

/** A fresh install: the texts the site has always shown. */
export const defaultSiteSettings: SiteSettings = {
  name: site.name,
  tagline: site.tagline,
  logoUrl: null,
  heroTitle: 'Explore the world, one story at a time',
  heroText: site.description,
  aboutText: [
    'We are two storytellers who swapped office chairs for trains, boats and mountain trails. What began as a three-month sabbatical turned into years on the road.',
    'On this blog we share what we learn along the way: the hidden gems, the practical tips, and the people who make every place unforgettable. Everything we write, we have lived.',
  ].join('\n\n'),
  aboutPhotos: [],
  contactEmail: site.email,
  contactLocation: 'On the road — home base in Lisbon, Portugal',
  socialLinks: site.social.map((s) => ({ ...s })),
  footerText: site.description,
  timeZone: 'UTC',
  language: 'en',
  figures: { countries: null, stories: null, photos: null, trips: null, followers: null },
}

/**
 * Page titles are written against the default name ("Blog | Wayfarer", "Wayfarer — Travel Blog"); this puts the
 * owner's name and tagline in, on the server's head and in the browser's title alike.
 */
export function brandTitle(title: string, identity: Pick<SiteSettings, 'name' | 'tagline'>): string {
  if (title === pageTitle()) return identity.tagline ? `${identity.name} — ${identity.tagline}` : identity.name
  const suffix = ` | ${site.name}`
  return title.endsWith(suffix) ? `${title.slice(0, -suffix.length)} | ${identity.name}` : title
}

/** The YouTube channel the hero and the video sections link to: the social link of that name, if any. */
export const channelUrlOf = (settings: Pick<SiteSettings, 'socialLinks'>): string | null =>
  settings.socialLinks.find((l) => /youtube/i.test(l.network) || /youtube\.com|youtu\.be/i.test(l.url))?.url ?? null
