import type { z } from 'zod'
import type { AppDeps } from '../deps'
import { defaultSiteSettings, FIGURE_KINDS, type FigureKind, type PublicSiteSettings, type SiteSettings } from '../site'
import { siteFiguresOutput, siteSettings } from './site-schema'

const SETTINGS_KEY = 'site'

/**
 * The saved site settings over the defaults, field by field: a field the row lacks (saved by an older version)
 * or no longer accepts keeps its default, so one odd value never blanks the whole site.
 */
export function siteSettingsFrom(value: unknown): SiteSettings {
  const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  const result: Record<string, unknown> = { ...defaultSiteSettings }
  for (const [key, schema] of Object.entries(siteSettings.shape)) {
    if (!(key in stored)) continue
    const parsed = (schema as z.ZodType).safeParse(stored[key])
    if (parsed.success) result[key] = parsed.data
  }
  return result as unknown as SiteSettings
}

export async function getSiteSettings(deps: Pick<AppDeps, 'prisma'>): Promise<SiteSettings> {
  const row = await deps.prisma.setting.findUnique({ where: { key: SETTINGS_KEY } })
  return siteSettingsFrom(row?.value)
}

/** The public read: the settings and whether the video sections have a channel behind them. */
export async function publicSiteSettingsOf(deps: Pick<AppDeps, 'prisma' | 'videoSource'>): Promise<PublicSiteSettings> {
  return { ...(await getSiteSettings(deps)), videos: deps.videoSource.configured !== false }
}

/** Saves every field at once (the screen sends the whole form); the write drops the public cache. */
export async function saveSiteSettings(deps: Pick<AppDeps, 'prisma'>, input: SiteSettings): Promise<SiteSettings> {
  const value = { ...input }
  await deps.prisma.setting.upsert({
    where: { key: SETTINGS_KEY },
    create: { key: SETTINGS_KEY, value },
    update: { value },
  })
  return getSiteSettings(deps)
}

/** What the site counts: countries as the map shows them, published stories, photos and trips, subscribers. */
async function countFigures(deps: Pick<AppDeps, 'prisma' | 'places'>): Promise<Record<FigureKind, number>> {
  const [snapshot, stories, photos, trips, followers] = await Promise.all([
    deps.places.index.current(),
    deps.prisma.post.count({ where: { status: 'published' } }),
    deps.prisma.galleryImage.count({ where: { isPublished: true } }),
    deps.prisma.trip.count({ where: { status: 'published' } }),
    deps.prisma.newsletterSubscriber.count({ where: { status: 'confirmed' } }),
  ])
  return { countries: snapshot.countries.length, stories, photos, trips, followers }
}

export async function siteFigures(
  deps: Pick<AppDeps, 'prisma' | 'places'>,
): Promise<z.infer<typeof siteFiguresOutput>> {
  const [settings, counts] = await Promise.all([getSiteSettings(deps), countFigures(deps)])
  return Object.fromEntries(
    FIGURE_KINDS.map((kind) => {
      const override = settings.figures[kind]
      return [kind, { value: override ?? String(counts[kind]), computed: counts[kind], overridden: override !== null }]
    }),
  ) as z.infer<typeof siteFiguresOutput>
}
