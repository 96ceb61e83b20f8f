import { z } from 'zod'
import { text } from '../input-policy'
import { isSafeImageUrl } from '../media/image-url'
import { timeZone } from '../trips/schema'
import { FIGURE_KINDS, SOCIAL_LINKS_MAX } from '../site'

/**
 * The owner's site settings (Admin → Settings → Site): who the site is, the texts of its fixed pages, where to
 * reach the owner, and the figures they set by hand. All of it is public; the defaults (a fresh install) are
 * `defaultSiteSettings` in site.ts, which the public pages can read without this schema library.
 */

const imageUrl = (label: string) =>
  text(label)
    .trim()
    .min(1, `${label} is required`)
    .max(2000, `${label} is too long`)
    .refine(isSafeImageUrl, { message: `${label} must be a path on this site or an http(s) address` })

/** Only http(s): an href of javascript: or data: would run script on every public page. */
const webAddress = (label: string) =>
  text(label)
    .trim()
    .max(2000, `${label} is too long`)
    .refine((url) => URL.canParse(url) && ['http:', 'https:'].includes(new URL(url).protocol), {
      message: `${label} must be an http(s) address`,
    })

export const socialLink = z.object({
  network: text('Network name').trim().min(1, 'Name the network').max(40, 'Network name is too long'),
  url: webAddress('Link'),
})

/** A figure set by hand ("50+"), or null for the one the site computes. */
const figureOverride = text('Figure')
  .trim()
  .max(12, 'A figure is at most 12 characters')
  .nullable()
  .transform((value) => (value ? value : null))

export const siteFigureOverrides = z.object(
  Object.fromEntries(FIGURE_KINDS.map((kind) => [kind, figureOverride])) as Record<
    (typeof FIGURE_KINDS)[number],
    typeof figureOverride
  >,
)

export const siteSettings = z.object({
  name: text('Site name').trim().min(1, 'Site name is required').max(80, 'Site name is at most 80 characters'),
  tagline: text('Tagline').trim().max(120, 'Tagline is at most 120 characters'),
  logoUrl: imageUrl('Logo').nullable(),
  heroTitle: text('Hero title').trim().min(1, 'Hero title is required').max(150, 'Hero title is too long'),
  heroText: text('Hero text').trim().max(500, 'Hero text is at most 500 characters'),
  aboutText: text('About text').trim().min(1, 'About text is required').max(5000, 'About text is too long'),
  aboutPhotos: z.array(imageUrl('About photo')).max(2, 'At most two About photos'),
  contactEmail: text('Contact e-mail')
    .trim()
    .max(254, 'Enter a valid e-mail address')
    .refine((v) => v === '' || z.email().safeParse(v).success, { message: 'Enter a valid e-mail address' }),
  contactLocation: text('Location').trim().max(200, 'Location is at most 200 characters'),
  socialLinks: z.array(socialLink).max(SOCIAL_LINKS_MAX, `At most ${SOCIAL_LINKS_MAX} social links`),
  footerText: text('Footer text').trim().max(500, 'Footer text is at most 500 characters'),
  timeZone,
  language: text('Language')
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Language must be a language tag such as en or pt-PT'),
  figures: siteFigureOverrides,
})
export type SiteSettingsInput = z.input<typeof siteSettings>

/** The public read: the settings, and which optional sections have something behind them. */
export const publicSiteSettings = siteSettings.extend({
  /** A YouTube channel is set up: without one the video sections are hidden from visitors. */
  videos: z.boolean(),
})

/** One figure as shown: the owner's text or the computed count, and the count (the settings screen's hint). */
const figure = z.object({ value: z.string(), computed: z.number().int(), overridden: z.boolean() })
export const siteFiguresOutput = z.object(
  Object.fromEntries(FIGURE_KINDS.map((kind) => [kind, figure])) as Record<
    (typeof FIGURE_KINDS)[number],
    typeof figure
  >,
)
