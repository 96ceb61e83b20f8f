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
