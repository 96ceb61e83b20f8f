import { attachRoute, type AppDeps } from '@wayfarer/api'
import { demoPosts } from './content'

/** Real points for the demo stories (by their location name) and photos (by their location text), ≈1 km. */
const storyPoints: Record<string, [number, number, string]> = {
  'El Nido': [11.18, 119.39, 'PH'],
  'Erg Chebbi': [31.1, -4.01, 'MA'],
  'Old Quarter': [21.03, 105.85, 'VN'],
  Anywhere: [38.72, -9.14, 'PT'],
  'Lofoten Islands': [67.93, 13.09, 'NO'],
  Canggu: [-8.65, 115.13, 'ID'],
  'Isle of Skye': [57.41, -6.19, 'GB'],
  'Mnemba Atoll': [-5.82, 39.38, 'TZ'],
  Tromsø: [69.65, 18.96, 'NO'],
  'Oaxaca City': [17.06, -96.73, 'MX'],
  'Home base': [52.52, 13.4, 'DE'],
  Alentejo: [38.57, -7.91, 'PT'],
  'Torres del Paine': [-50.94, -73.41, 'CL'],
}

const photoPoints: Record<string, [number, number, string]> = {
  'Pokhara, Nepal': [28.67, 84.02, 'NP'],
  'El Nido, Philippines': [11.2, 119.41, 'PH'],
  'Merzouga, Morocco': [31.08, -4.01, 'MA'],
  'Monteverde, Costa Rica': [10.3, -84.82, 'CR'],
  'Lofoten, Norway': [68.23, 14.57, 'NO'],
  'Cusco, Peru': [-13.53, -71.97, 'PE'],
  'Santorini, Greece': [36.42, 25.43, 'GR'],
  'Krabi, Thailand': [8.09, 98.91, 'TH'],
  'Isle of Skye, Scotland': [57.27, -6.22, 'GB'],
  'Algarve, Portugal': [37.09, -8.25, 'PT'],
  'Wadi Rum, Jordan': [29.57, 35.42, 'JO'],
  'Ubud, Bali': [-8.51, 115.26, 'ID'],
  'Leh, India': [34.16, 77.58, 'IN'],
  'Tromsø, Norway': [69.65, 18.96, 'NO'],
  'Hoi An, Vietnam': [15.88, 108.33, 'VN'],
  'Bora Bora, French Polynesia': [-16.5, -151.74, 'PF'],
  'Serengeti, Tanzania': [-2.33, 34.83, 'TZ'],
  'Arequipa, Peru': [-16.41, -71.54, 'PE'],
  'Lake Bled, Slovenia': [46.36, 14.09, 'SI'],
  'Uyuni, Bolivia': [-20.46, -66.83, 'BO'],
  'El Chaltén, Argentina': [-49.33, -72.89, 'AR'],
  'Zanzibar, Tanzania': [-6.16, 39.2, 'TZ'],
  'Sapa, Vietnam': [22.34, 103.84, 'VN'],
  'Zermatt, Switzerland': [46.02, 7.75, 'CH'],
}

/** The Annapurna Circuit, Besisahar to Jomsom: [latitude, longitude, elevation m] of the overnight stops. */
const annapurnaStops: [number, number, number][] = [
  [28.23, 84.38, 760],
  [28.39, 84.37, 1300],
  [28.55, 84.24, 2670],
  [28.61, 84.14, 3200],
  [28.67, 84.02, 3540],
  [28.7, 83.98, 4050],
  [28.77, 83.95, 4450],
  [28.79, 83.94, 5416],
  [28.82, 83.87, 3760],
  [28.78, 83.73, 2720],
]

/**
 * A GPX track of the circuit generated here, not downloaded: 60 points between each pair of stops with a
 * gentle meander and a little GPS noise in the elevation, walked from 08:00 to 14:00 each day from `start`.
 */
export function annapurnaGpx(start: Date): string {
  const points: string[] = []
  annapurnaStops.slice(0, -1).forEach(([lat, lng, ele], day) => {
    const [nextLat, nextLng, nextEle] = annapurnaStops[day + 1]!
    for (let i = 0; i < 60; i++) {
      const f = i / 60
      const meander = Math.sin(f * Math.PI * 6) * 0.004
      const time = new Date(start.getTime() + day * 86_400_000 + 8 * 3_600_000 + f * 6 * 3_600_000)
      points.push(
        `<trkpt lat="${(lat + (nextLat - lat) * f + meander).toFixed(5)}" lon="${(lng + (nextLng - lng) * f - meander).toFixed(5)}">` +
          `<ele>${(ele + (nextEle - ele) * f + Math.sin(i * 1.7) * 1.5).toFixed(1)}</ele><time>${time.toISOString()}</time></trkpt>`,
      )
    }
  })
  const [lat, lng, ele] = annapurnaStops.at(-1)!
  points.push(
    `<trkpt lat="${lat}" lon="${lng}"><ele>${ele}</ele><time>${new Date(start.getTime() + 8 * 86_400_000 + 14 * 3_600_000).toISOString()}</time></trkpt>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Wayfarer demo" xmlns="http://www.topografix.com/GPX/1/1">\n<trk><name>Annapurna Circuit</name><trkseg>\n${points.join('\n')}\n</trkseg></trk>\n</gpx>\n`
}

/** Gives the demo stories and photos their places and the Annapurna story its route, so /map is alive at once. */
export async function seedDemoPlaces(deps: AppDeps, slugOf: (title: string) => string): Promise<void> {
  const { prisma } = deps
  for (const post of demoPosts) {
    const point = storyPoints[post.location.name]
    const slug = slugOf(post.title)
    if (point)
      await prisma.post.updateMany({
        where: { slug },
        data: { latitude: point[0], longitude: point[1], countryCode: point[2] },
      })
    // The Annapurna story gets its point from its route's start below.
    else if (post.location.name === 'Annapurna Circuit')
      await prisma.post.updateMany({ where: { slug }, data: { countryCode: 'NP' } })
  }
  for (const [location, [latitude, longitude, countryCode]] of Object.entries(photoPoints)) {
    await prisma.galleryImage.updateMany({ where: { location }, data: { latitude, longitude, countryCode } })
  }
  const annapurna = await prisma.post.findUnique({
    where: { slug: slugOf(demoPosts[0]!.title) },
    select: { id: true, publishedAt: true },
  })
  if (!annapurna) return
  const start = new Date((annapurna.publishedAt ?? new Date()).getTime() - 14 * 86_400_000)
  start.setUTCHours(0, 0, 0, 0)
  await attachRoute(deps, annapurna.id, new TextEncoder().encode(annapurnaGpx(start)))
  // The sunrise photo was taken in Manang on the fourth morning: it shows along the route.
  await prisma.galleryImage.updateMany({
    where: { location: 'Pokhara, Nepal' },
    data: { takenAt: new Date(start.getTime() + 4 * 86_400_000 + 7 * 3_600_000) },
  })
}
