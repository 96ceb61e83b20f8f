import Supercluster, { type PointFeature } from 'supercluster'
import { countryName, numericCodeOf } from './countries'
import { flagOf } from './country-codes'
import type { PlacedPhoto, PlacedStory, PlacesData } from './map-data'
import {
  MAP_LIST_LIMIT,
  MAX_MAP_ZOOM,
  type BoundingBox,
  type CountryVisit,
  type MapCluster,
  type PlacesMapOutput,
  type PlacesMapQuery,
} from './schema'

interface PointProps {
  kind: 's' | 'p'
  index: number
}
interface ClusterCounts {
  s: number
  p: number
}

// One cluster index per filter combination, built on first use; a site has few categories and years.
const MAX_INDEXES = 64
// How long a cluster that never splits lists its members (all at one spot).
const MAX_MEMBERS = 50

const inBox = ([west, south, east, north]: BoundingBox, latitude: number, longitude: number): boolean =>
  latitude >= south &&
  latitude <= north &&
  (west <= east ? longitude >= west && longitude <= east : longitude >= west || longitude <= east)

/** Everything the places pages need, computed once from one read of the data. */
export class PlacesSnapshot {
  readonly countries: CountryVisit[]
  readonly places: number
  readonly years: number[]
  private readonly indexes = new Map<string, Supercluster<PointProps, ClusterCounts>>()

  constructor(readonly data: PlacesData) {
    const counts = new Map<string, { stories: number; photos: number }>()
    const count = (code: string | null, key: 'stories' | 'photos') => {
      if (!code) return
      const entry = counts.get(code) ?? { stories: 0, photos: 0 }
      entry[key]++
      counts.set(code, entry)
    }
    for (const s of data.stories) count(s.country_code, 'stories')
    for (const p of data.photos) count(p.country_code, 'photos')
    this.countries = [...counts]
      .map(([code, c]) => ({ code, name: countryName(code), flag: flagOf(code), numeric: numericCodeOf(code), ...c }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    const points = new Set<string>()
    for (const item of [...data.stories, ...data.photos])
      if (item.latitude !== null && item.longitude !== null) points.add(`${item.latitude},${item.longitude}`)
    this.places = points.size
    const years = new Set<number>()
    for (const s of data.stories) if (s.year !== null) years.add(s.year)
    for (const p of data.photos) years.add(p.year)
    this.years = [...years].sort((a, b) => b - a)
  }

  /** Clusters and single points inside the box at a zoom, plus the stories in view for the list. */
  map(query: PlacesMapQuery): PlacesMapOutput {
    const filter: Filter = { category: query.category, year: query.year, trip: query.trip }
    const index = this.indexFor(filter)
    const output: PlacesMapOutput = {
      clusters: [],
      stories: [],
      photos: [],
      in_view: { stories: [], total: 0 },
      trips: this.data.trips.filter((t) => !query.trip || t.slug === query.trip),
    }
    for (const feature of index.getClusters(query.bbox, query.zoom)) {
      const [longitude, latitude] = feature.geometry.coordinates as [number, number]
      const props = feature.properties
      if ('cluster' in props && props.cluster) {
        const expansion = index.getClusterExpansionZoom(props.cluster_id)
        output.clusters.push({
          id: props.cluster_id,
          latitude,
          longitude,
          count: props.point_count,
          stories: props.s,
          photos: props.p,
          expansion_zoom: expansion,
          members: expansion > query.max_zoom ? this.membersOf(index, props.cluster_id) : null,
        })
      } else {
        const point = props as PointProps
        if (point.kind === 's') output.stories.push(publicStory(this.data.stories[point.index]!))
        else output.photos.push(this.data.mapPhoto(this.data.photos[point.index]!))
      }
    }
    const inView = this.data.stories.filter(
      (s) =>
        s.latitude !== null &&
        s.longitude !== null &&
        storyMatches(s, filter) &&
        inBox(query.bbox, s.latitude, s.longitude),
    )
    output.in_view = { stories: inView.slice(0, MAP_LIST_LIMIT).map(publicStory), total: inView.length }
    return output
  }

  private membersOf(
    index: Supercluster<PointProps, ClusterCounts>,
    clusterId: number,
  ): NonNullable<MapCluster['members']> {
    const leaves = index.getLeaves(clusterId, MAX_MEMBERS)
    return {
      stories: leaves
        .filter((l) => l.properties.kind === 's')
        .map((l) => publicStory(this.data.stories[l.properties.index]!)),
      photos: leaves
        .filter((l) => l.properties.kind === 'p')
        .map((l) => this.data.mapPhoto(this.data.photos[l.properties.index]!)),
    }
  }

  private indexFor(filter: Filter): Supercluster<PointProps, ClusterCounts> {
    const key = `${filter.category ?? ''}|${filter.year ?? ''}|${filter.trip ?? ''}`
    const cached = this.indexes.get(key)
    if (cached) return cached
    const features: PointFeature<PointProps>[] = []
    this.data.stories.forEach((s, index) => {
      if (s.latitude !== null && s.longitude !== null && storyMatches(s, filter))
        features.push(feature(s.longitude, s.latitude, 's', index))
    })
    this.data.photos.forEach((p, index) => {
      if (p.latitude !== null && p.longitude !== null && photoMatches(p, filter))
        features.push(feature(p.longitude, p.latitude, 'p', index))
    })
    // radius is in pixels of a 256-pixel tile, the map's own scale.
    const index = new Supercluster<PointProps, ClusterCounts>({
      radius: 40,
      extent: 256,
      maxZoom: MAX_MAP_ZOOM,
      map: (props) => ({ s: props.kind === 's' ? 1 : 0, p: props.kind === 'p' ? 1 : 0 }),
      reduce: (acc, props) => {
        acc.s += props.s
        acc.p += props.p
      },
    }).load(features)
    if (this.indexes.size >= MAX_INDEXES) this.indexes.delete(this.indexes.keys().next().value!)
    this.indexes.set(key, index)
    return index
  }
}

const feature = (longitude: number, latitude: number, kind: 's' | 'p', index: number): PointFeature<PointProps> => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [longitude, latitude] },
  properties: { kind, index },
})

interface Filter {
  category: string | undefined
  year: number | undefined
  trip: string | undefined
}

const storyMatches = (s: PlacedStory, f: Filter) =>
  (!f.category || s.category_slug === f.category) &&
  (!f.year || s.year === f.year) &&
  (!f.trip || s.trip_slug === f.trip)
// Photos have no category: a category filter shows stories only.
const photoMatches = (p: PlacedPhoto, f: Filter) =>
  !f.category && (!f.year || p.year === f.year) && (!f.trip || p.trip_slugs.includes(f.trip))

export const publicStory = ({ category_slug: _slug, year: _year, trip_slug: _trip, ...story }: PlacedStory) => story

/**
 * Keeps one PlacesSnapshot until the data changes: writes through the API call invalidate() (a tRPC
 * middleware does it for every posts/gallery/places mutation), and every few seconds a cheap fingerprint
 * query notices writes made by other processes sharing the database (the scheduler, a second server).
 */
export class PlacesIndex {
  private snapshot: Promise<PlacesSnapshot> | undefined
  private fingerprint: string | undefined
  private lastCheck = 0

  constructor(
    private readonly source: { load: () => Promise<PlacesData>; fingerprint: () => Promise<string> },
    private readonly now: () => number = Date.now,
    private readonly checkEveryMs = 5000,
  ) {}

  invalidate(): void {
    this.snapshot = undefined
  }

  async current(): Promise<PlacesSnapshot> {
    if (this.snapshot && this.now() - this.lastCheck >= this.checkEveryMs) {
      this.lastCheck = this.now()
      const fingerprint = await this.source.fingerprint().catch(() => this.fingerprint)
      if (fingerprint !== this.fingerprint) this.snapshot = undefined
    }
    if (!this.snapshot) {
      this.lastCheck = this.now()
      const building = (async () => {
        const fingerprint = await this.source.fingerprint()
        const snapshot = new PlacesSnapshot(await this.source.load())
        this.fingerprint = fingerprint
        return snapshot
      })()
      this.snapshot = building
      // A failed read is not remembered: the next request tries again.
      building.catch(() => {
        if (this.snapshot === building) this.snapshot = undefined
      })
    }
    return this.snapshot
  }
}
