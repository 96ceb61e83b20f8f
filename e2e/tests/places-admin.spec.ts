import { expect, test, type APIRequestContext } from '@playwright/test'
import { photoWithGps } from '@wayfarer/fakes/image-host'
import { asOwner } from './support/owner-session'
import { createPost, deletePost, ownerToken } from './support/owner-api'

// Places, the owner's side: the place picker over the offline gazetteer, the photo's GPS offered (never taken
// without asking), and a GPX route attached in the editor.

const gpx = (body: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${body}`)
const walk = gpx(
  `<gpx version="1.1" creator="e2e" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Lakeside walk</name><trkseg>
  <trkpt lat="28.2096" lon="83.9590"><ele>800</ele></trkpt><trkpt lat="28.2150" lon="83.9650"><ele>850</ele></trkpt>
  <trkpt lat="28.2240" lon="83.9700"><ele>950</ele></trkpt></trkseg></trk></gpx>`,
)
const withEntities = gpx(
  `<!DOCTYPE gpx [<!ENTITY lol "lol">]><gpx version="1.1"><trk><trkseg><trkpt lat="1" lon="1"/></trkseg></trk></gpx>`,
)

async function adminPost(request: APIRequestContext, token: string, id: number) {
  const res = await request.get(`/api/posts/admin/${id}`, { headers: { authorization: `Bearer ${token}` } })
  return (
    (await res.json()) as {
      data: {
        latitude: number | null
        longitude: number | null
        country_code: string | null
        location_name: string | null
      }
    }
  ).data
}

test('the owner puts a story on the map from the gazetteer or the photo, attaches a route, and takes it off the map', async ({
  page,
  request,
}) => {
  const token = await ownerToken(request)
  const { id } = await createPost(request, token, {
    title: `Around Phewa lake ${Date.now()}`,
    content: '<p>A morning on the water.</p>',
    status: 'draft',
  })
  try {
    await asOwner(page)
    await page.goto(`/admin/posts/edit/${id}`)
    await expect(page.getByText('Not on the map yet.')).toBeVisible()

    // Keyboard only: type, the list opens, Enter takes the first match.
    const search = page.getByRole('combobox', { name: 'Find a place' })
    await search.fill('Pokhar')
    const option = page.getByRole('option', { name: /^Pokhara/ }).first()
    await expect(option).toBeVisible()
    // The count under the field agrees in number with what it counts ("1 place found", never "1 places").
    const found = page.getByText(/^\d+ places? found$/)
    await expect(found).toBeVisible()
    const count = await page.getByRole('listbox', { name: 'Places' }).getByRole('option').count()
    await expect(found).toHaveText(count === 1 ? '1 place found' : `${count} places found`)
    await expect(search).toHaveAttribute('aria-expanded', 'true')
    await search.press('Enter')
    await expect(page.getByRole('listbox', { name: 'Places' })).toBeHidden()
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue('Pokhara')
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('Nepal')
    await expect(page.getByTestId('place-point')).toContainText(/28\.\d+° N, 83\.\d+° E · .*Nepal/)

    // Or on the map: a click drops the pin there; the arrow keys move the map and Enter puts it at the centre.
    await page.getByRole('button', { name: 'Place on the map' }).click()
    const map = page.getByRole('region', { name: /^Map to place the pin/ })
    await expect(page.getByTestId('map-pin')).toBeVisible()
    const picked = await page.getByTestId('place-point').textContent()
    await map.click({ position: { x: 20, y: 40 } })
    await expect(page.getByTestId('place-point')).not.toHaveText(picked ?? '')
    await map.press('ArrowLeft')
    await map.press('Enter')
    // 80 px west of Pokhara at zoom 7 is 0.88° of longitude; the country comes from the nearest gazetteer place.
    await expect(page.getByTestId('place-point')).toContainText(/28\.2669° N, 83\.0896° E · .*Nepal/)
    await page.getByRole('button', { name: 'Close the map' }).click()

    // A GPX file with entity declarations is refused with the reason; a good one is summarised.
    await page
      .getByLabel('Attach a GPX route')
      .setInputFiles({ name: 'lol.gpx', mimeType: 'application/gpx+xml', buffer: withEntities })
    await expect(page.getByRole('alert')).toHaveText('GPX files may not contain a DOCTYPE or entity declarations')
    await page
      .getByLabel('Attach a GPX route')
      .setInputFiles({ name: 'walk.gpx', mimeType: 'application/gpx+xml', buffer: walk })
    await expect(page.getByTestId('route-summary')).toContainText(
      /Lakeside walk · \d+(\.\d)? km · [\d,]+ m gain · 3 points/,
    )
    await expect(page.getByLabel('Replace the GPX route')).toBeVisible()

    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page).toHaveURL(/\/admin\/posts$/)
    const saved = await adminPost(request, token, id)
    expect(saved).toMatchObject({ country_code: 'NP', location_name: 'Pokhara' })
    expect(saved.latitude).toBeCloseTo(28.27, 2)
    expect(saved.longitude).toBeCloseTo(83.09, 2)

    // The featured image's GPS is offered, not taken; taking the story off the map keeps its country.
    // The editor's first paint already holds the cards above (the history among them): the button does not move
    // under the pointer once it is there.
    await page.goto(`/admin/posts/edit/${id}`)
    const remove = page.getByRole('button', { name: 'Remove from the map' })
    const firstBox = await remove.boundingBox()
    await expect(page.getByRole('list', { name: 'Saved versions, newest first' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await remove.boundingBox()).toEqual(firstBox)
    await remove.click()
    await expect(page.getByText(/In Nepal, without a point/)).toBeVisible()
    await page
      .getByLabel('Upload featured image')
      .setInputFiles({ name: 'lake.jpg', mimeType: 'image/jpeg', buffer: await photoWithGps() })
    const offer = page.getByTestId('photo-place-offer')
    await expect(offer).toContainText(/This photo was taken (near Pokhara|at 28\.\d+° N).* on March 12, 2024/)
    await offer.getByRole('button', { name: 'Not now' }).click()
    await expect(offer).toBeHidden()
    await expect(page.getByText(/In Nepal, without a point/)).toBeVisible()

    await page.getByRole('button', { name: 'Remove route' }).click()
    await expect(page.getByText(/^No route\./)).toBeVisible()
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page).toHaveURL(/\/admin\/posts$/)
    expect(await adminPost(request, token, id)).toMatchObject({ latitude: null, longitude: null, country_code: 'NP' })
  } finally {
    await deletePost(request, token, id)
  }
})

test('a gallery upload offers the place its GPS names; the owner uses it, then moves the photo in its details', async ({
  page,
  request,
}) => {
  const stamp = Date.now()
  await asOwner(page)
  await page.goto('/admin/gallery')
  await expect(page.getByTestId('gallery-admin-image').first()).toBeVisible()
  await page
    .getByLabel('Upload image')
    .setInputFiles({ name: `phewa-${stamp}.jpg`, mimeType: 'image/jpeg', buffer: await photoWithGps() })
  await expect(page.getByTestId('gallery-notice')).toHaveText('Image uploaded')
  const card = page.getByTestId('gallery-admin-image').filter({ hasText: String(stamp) })
  await expect(card).not.toContainText('On the map')

  const offer = page.getByTestId('photo-place-offer')
  await expect(offer).toContainText(/This photo was taken near Pokhara/)
  await offer.getByRole('button', { name: 'Use this place' }).click()
  await expect(page.getByTestId('gallery-notice')).toHaveText('Place saved')
  await expect(card).toContainText('On the map')
  const publicId = await card.getAttribute('data-public-id')

  // Stored rounded (about 1 km by default), with the time from the photo.
  const token = await ownerToken(request)
  const places = (await (
    await request.get('/api/gallery/places', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    data: {
      public_id: string
      latitude: number
      longitude: number
      country_code: string
      location: string
      taken_at: string | null
    }[]
  }
  const place = places.data.find((p) => p.public_id === publicId)
  // The place's name is saved as the photo's location text too, not only its point.
  expect(place).toMatchObject({
    latitude: 28.21,
    longitude: 83.99,
    country_code: 'NP',
    location: expect.stringMatching(/^Pokhara\b/),
    taken_at: expect.stringMatching(/^2024-03-12/),
  })

  // In the details: another place from the gazetteer, then off the map.
  await card.getByRole('button', { name: /^Edit details of/ }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByTestId('place-point')).toContainText('28.2100° N, 83.9900° E')
  await dialog.getByRole('combobox', { name: 'Find where it was taken' }).fill('Kathmandu')
  await dialog
    .getByRole('option', { name: /^Kathmandu/ })
    .first()
    .click()
  await expect(dialog.getByLabel('Location')).toHaveValue(/^Kathmandu/)
  await expect(dialog.getByTestId('place-point')).toContainText(/27\.\d+° N, 85\.\d+° E/)
  await dialog.getByRole('button', { name: 'Save details' }).click()
  await expect(card).toContainText('Kathmandu')
  await expect(card).toContainText('On the map')

  await card.getByRole('button', { name: /^Edit details of/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Remove from the map' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Save details' }).click()
  await expect(card).not.toContainText('On the map')

  await request.delete('/api/gallery/delete', {
    headers: { authorization: `Bearer ${token}` },
    data: { public_id: publicId, alsoCloudinary: true },
  })
})
