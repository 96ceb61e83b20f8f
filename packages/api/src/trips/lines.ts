import type { PrismaClient } from '@wayfarer/db'
import { publicPostWhere } from '../posts/visibility'
import { routeSegments, type StoredRoutePoint } from '../places/route-figures'
import { simplifiedLines } from './line-simplify'
import { trackedPoints } from './track-public'

/** [longitude, latitude] */
export type LinePoint = [number, number]

/** A line of a trip: drawn on its map and measured for its distance. */
export interface TripLine {
  points: LinePoint[]
  distanceM: number
  /** When the line began (orders the lines of a trip), if known. */
  startedAt: Date | null
}

/** What a line source reads with: the database, the moment of the read and LOCATION_PRECISION. */
export interface LineContext {
  prisma: PrismaClient
  /** Tracked points are public only from their release moment on. */
  now: Date
  precision: number
}

/**
 * Where a trip's lines come from: its published stories' GPX routes and its tracked points (a phone or a tracking
 * app sending where the traveller is, only as visitors may see them: track-public.ts). The trip's distance, its map
 * and the lines on /map include every source.
 */
export interface TripLineSource {
  /** Metres per trip id. */
  distances(ctx: LineContext, tripIds: number[]): Promise<Map<number, number>>
  /** Each trip's lines. */
  lines(ctx: LineContext, tripIds: number[]): Promise<Map<number, TripLine[]>>
}

const routeOfPublishedStory = (tripIds: number[]) => ({ post: { tripId: { in: tripIds }, ...publicPostWhere } })

/** The GPX routes of the trips' published stories (already simplified to ≤ 2,000 points each when attached). */
export const storyRoutes: TripLineSource = {
  async distances({ prisma }, tripIds) {
    const rows = await prisma.postRoute.findMany({
      where: routeOfPublishedStory(tripIds),
      select: { distanceM: true, post: { select: { tripId: true } } },
    })
    const totals = new Map<number, number>()
    for (const r of rows) totals.set(r.post.tripId!, (totals.get(r.post.tripId!) ?? 0) + r.distanceM)
    return totals
  },
  async lines({ prisma }, tripIds) {
    const rows = await prisma.postRoute.findMany({
      where: routeOfPublishedStory(tripIds),
      select: { points: true, distanceM: true, startedAt: true, post: { select: { tripId: true, publishedAt: true } } },
    })
    const lines = new Map<number, TripLine[]>()
    for (const r of rows) {
      // A GPX of several tracks or segments is several lines: nothing joins the end of one to the next. Each part
      // gets a share of the stored distance by its points (the trip's total reads the stored figure, `distances`).
      const parts = routeSegments(r.points as StoredRoutePoint[], ([lng, lat]): LinePoint => [lng, lat])
      const total = parts.reduce((n, part) => n + part.length, 0)
      const list = lines.get(r.post.tripId!) ?? []
      for (const points of parts)
        list.push({
          points,
          distanceM: (r.distanceM * points.length) / total,
          startedAt: r.startedAt ?? r.post.publishedAt,
        })
      lines.set(r.post.tripId!, list)
    }
    return lines
  },
}

export const tripLineSources: TripLineSource[] = [storyRoutes, trackedPoints]

/** Metres per trip, every source added up. */
export async function tripDistances(ctx: LineContext, tripIds: number[]): Promise<Map<number, number>> {
  const totals = new Map<number, number>()
  for (const source of tripLineSources)
    for (const [id, metres] of await source.distances(ctx, tripIds)) totals.set(id, (totals.get(id) ?? 0) + metres)
  return totals
}

/** Each trip's lines from every source, oldest first. */
export async function tripLinesOf(ctx: LineContext, tripIds: number[]): Promise<Map<number, TripLine[]>> {
  const all = new Map<number, TripLine[]>()
  for (const source of tripLineSources)
    for (const [id, lines] of await source.lines(ctx, tripIds)) all.set(id, [...(all.get(id) ?? []), ...lines])
  for (const lines of all.values()) lines.sort((a, b) => (a.startedAt?.getTime() ?? 0) - (b.startedAt?.getTime() ?? 0))
  return all
}

/** The lines as a map draws them: at most `maxPoints` points together, five decimals (about a metre). */
export function boundedLines(lines: TripLine[], maxPoints: number): LinePoint[][] {
  return simplifiedLines(lines, maxPoints).map((l) =>
    l.points.map(([lng, lat]): LinePoint => [round5(lng), round5(lat)]),
  )
}

const round5 = (v: number) => Math.round(v * 1e5) / 1e5 + 0
