import { expect, test, type Page } from '@playwright/test'
import { tabTo } from './support/keyboard'

// Places: the map, the countries, on the demo site's seeded points (apps/server/src/seed/places.ts).

/** Every request the page makes that leaves this machine (the default map needs no tile server). */
function watchForeignRequests(page: Page): string[] {
  const foreign: string[] = []
  page.on('request', (request) => {
    const { hostname, protocol } = new URL(request.url())
    if ((protocol === 'http:' || protocol === 'https:') && hostname !== '127.0.0.1' && hostname !== 'localhost')
      foreign.push(request.url())
  })
  return foreign
}

const zoomOf = async (page: Page) => Number(await page.getByTestId('world-map').getAttribute('data-zoom'))

test('the map shows the countries and places, and its clusters split when zoomed in', async ({ page }) => {
  const foreign = watchForeignRequests(page)
  await page.goto('/map')
  await expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible()
  await expect(page.getByTestId('map-counts')).toHaveText(/^\d+ countries · \d+ places$/)
  await expect(page.locator('[data-visited]').first()).toBeAttached()
  const clusters = page.getByTestId('map-cluster')
  await expect(clusters.first()).toBeVisible()
  expect(await zoomOf(page)).toBe(2)

  // A cluster zooms in to where it splits: there, single stories or photos appear.
  const norway = page.getByRole('button', { name: /places here/ }).filter({ hasText: /^\d+$/ })
  await norway.first().click()
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(2)
  await expect(page.getByTestId('map-story').or(page.getByTestId('map-photo')).first()).toBeVisible()

  const zoom = await zoomOf(page)
  await page.getByRole('button', { name: 'Zoom out', exact: true }).click()
  await expect.poll(() => zoomOf(page)).toBe(zoom - 1)
  await page.getByRole('button', { name: 'Zoom in', exact: true }).click()
  await expect.poll(() => zoomOf(page)).toBe(zoom)
  expect(foreign).toEqual([])
})

test('a story marker opens the story card, which leads to the story', async ({ page }) => {
  const foreign = watchForeignRequests(page)
  // In Tromsø a story and a photo share one point: their cluster never splits, it lists them.
  await page.goto('/map?lat=69.65&lng=18.96&zoom=10')
  await page.getByRole('button', { name: '2 places here: 1 story, 1 photo. Show them' }).click()
  await page
    .getByRole('dialog', { name: 'At this spot' })
    .getByRole('button', { name: 'Story: Photographing the Northern Lights' })
    .click()
  const card = page.getByTestId('map-story-card')
  await expect(card.getByRole('heading', { name: 'Photographing the Northern Lights' })).toBeVisible()
  await expect(card).toContainText('Tromsø')
  await card.getByRole('link', { name: 'Photographing the Northern Lights' }).click()
  await expect(page).toHaveURL(/\/blog\/photographing-the-northern-lights$/)
  expect(foreign).toEqual([])
})

test('the map works with the keyboard alone', async ({ page }) => {
  await page.goto('/map?lat=67.93&lng=13.09&zoom=10')
  const map = page.getByTestId('world-map')
  await expect(page.getByRole('button', { name: 'Story: Our Drone Setup for Travel Filmmaking' })).toBeVisible()
  // Tab from the page's start reaches the map, then its markers.
  await tabTo(page, map)
  // Asked for zoom 10, the built-in map stops at its deepest useful zoom (6): deeper, its country shapes fill the
  // view with one flat colour.
  expect(await zoomOf(page)).toBe(6)
  await page.keyboard.press('+')
  await page.keyboard.press('-')
  await expect.poll(() => zoomOf(page)).toBe(5)
  await page.keyboard.press('+')
  await expect.poll(() => zoomOf(page)).toBe(6)
  await page.keyboard.press('ArrowLeft')
  await tabTo(page, page.getByRole('button', { name: 'Story: Our Drone Setup for Travel Filmmaking' }), { max: 10 })
  await page.keyboard.press('Enter')
  const card = page.getByRole('dialog', { name: 'Our Drone Setup for Travel Filmmaking' })
  await expect(card).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter') // the card's close button
  await expect(card).toHaveCount(0)
})

test('the places page lists the countries, and a country lists its stories and photos', async ({ page }) => {
  const foreign = watchForeignRequests(page)
  await page.goto('/places')
  await expect(page.getByTestId('places-counts')).toHaveText(/^\d+ countries · \d+ places/)
  await page.getByRole('link', { name: /Norway/ }).click()
  await expect(page).toHaveURL(/\/places\/no$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Norway$/)
  const stories = page.getByTestId('country-stories')
  await expect(stories.getByRole('heading')).toHaveCount(2)
  await expect(stories).toContainText('Photographing the Northern Lights')
  await expect(stories).toContainText('Our Drone Setup for Travel Filmmaking')
  await expect(page.getByTestId('country-counts')).toHaveText(/^2 stories · \d+ photos$/)
  // The country's map is fitted to its places, but never deeper than the map's own shapes can show.
  expect(await zoomOf(page)).toBeLessThanOrEqual(6)
  expect(foreign).toEqual([])

  await page.goto('/places/zz')
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await expect(page).toHaveTitle('Page Not Found | Wayfarer')
})

test('a story with a GPX route shows its line, distance, elevation gain and profile', async ({ page }) => {
  const foreign = watchForeignRequests(page)
  await page.goto('/blog/ten-days-on-the-annapurna-circuit')
  const section = page.getByRole('region', { name: 'The route' })
  await expect(section).toBeVisible()
  await expect(section.getByTestId('route-line')).toHaveAttribute('d', /^M[\d.-]+,[\d.-]+L/)
  await expect(section.getByTestId('route-figures')).toContainText(/Distance\s*[\d,.]+ km/)
  await expect(section.getByTestId('route-figures')).toContainText(/Elevation gain\s*[\d,]+ m/)
  await expect(
    section.getByRole('img', { name: /^Elevation profile: from [\d,]+ m to [\d,]+ m over [\d,.]+ km$/ }),
  ).toBeVisible()
  // The sunrise photo, taken on the fourth morning, sits on the line where the route was then, and opens.
  await expect(section.getByTestId('route-photo-marker')).toHaveCount(1)
  const along = section.getByTestId('route-photos').getByRole('button')
  await expect(along).toHaveCount(1)
  await expect(along).toContainText(/at [\d,.]+ km$/)
  await along.click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(foreign).toEqual([])
})

test('a story with a place shows a small map that opens the map there', async ({ page }) => {
  await page.goto('/blog/photographing-the-northern-lights')
  const section = page.getByRole('region', { name: 'Where it happened' })
  await section.getByRole('link', { name: /^Open the map at Tromsø/ }).click()
  await expect(page).toHaveURL(/\/map\?lat=69\.65&lng=18\.96&zoom=9$/)
  // The link asks for zoom 9 (right for a tile map); the built-in map comes back up to its deepest, 6, once it
  // knows it has no tiles — so wait for 6, not the 9 of the first frame.
  await expect.poll(() => zoomOf(page)).toBe(6)
  await expect(page.getByRole('button', { name: '2 places here: 1 story, 1 photo. Show them' })).toBeVisible()
})

test('with a tile server configured, the map draws its raster tiles under the markers and credits them', async ({
  page,
  baseURL,
}) => {
  // The server's answer to places.mapSettings as it is with MAP_TILES_URL set (that path and its CSP are
  // covered by the server's tests); the tiles come from this origin, so the page's CSP allows them.
  const tiles = { url: `${baseURL}/e2e-tiles/{z}/{x}/{y}.png`, attribution: '© E2E tile makers' }
  await page.route(/\/trpc\/[^?]*places\.mapSettings/, async (route) => {
    const response = await route.fetch()
    const paths = decodeURIComponent(new URL(route.request().url()).pathname.replace('/trpc/', '')).split(',')
    const body = (await response.json()) as
      { result: { data: { tiles: unknown } } }[] | { result: { data: { tiles: unknown } } }
    const answers = Array.isArray(body) ? body : [body]
    const answer = answers[paths.indexOf('places.mapSettings')]
    if (answer) answer.result.data.tiles = tiles
    await route.fulfill({ response, json: body })
  })
  const tilePng = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  )
  const requested: string[] = []
  await page.route('**/e2e-tiles/**', (route) => {
    requested.push(new URL(route.request().url()).pathname)
    return route.fulfill({ contentType: 'image/png', body: tilePng })
  })

  await page.goto('/map?lat=69.65&lng=18.96&zoom=10')
  const layer = page.getByTestId('map-tiles')
  await expect(layer.locator('img').first()).toBeAttached()
  await expect(page.getByText('© E2E tile makers')).toBeVisible()
  await expect(page.getByRole('button', { name: '2 places here: 1 story, 1 photo. Show them' })).toBeVisible()
  // Tromsø at zoom 10 is in tile 565/232 (x = (18.96 + 180) / 360 × 2^10, y from the Mercator latitude).
  await expect.poll(() => requested).toContain('/e2e-tiles/10/565/232.png')
  expect(requested.every((p) => p.startsWith('/e2e-tiles/10/'))).toBe(true)

  await page.getByRole('button', { name: 'Zoom out', exact: true }).click()
  await expect.poll(() => requested.some((p) => p.startsWith('/e2e-tiles/9/'))).toBe(true)
})

// A map drawn first at a guessed width and again at its real one drew the world's countries twice on every visit:
// on a phone, the page's longest task. Each country is drawn once, at the width the page gives it.
for (const { name, url } of [
  { name: '/map', url: '/map' },
  { name: 'a trip page', url: '/trips/six-weeks-across-asia' },
]) {
  test(`${name} draws each country once, at the map's real width`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 })
    // Counts the paths added to the page and every later change of a path's drawing.
    await page.addInitScript({
      content: `window.mapDrawing = { drawn: 0, redrawn: 0 };
        new MutationObserver((records) => {
          for (const r of records)
            if (r.type === 'attributes') window.mapDrawing.redrawn++
            else for (const node of r.addedNodes)
              if (node instanceof Element) window.mapDrawing.drawn += node.querySelectorAll('path').length
        }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['d'] })`,
    })
    // The markers of the map's first view are asked for once (the deepest zoom, part of the question, is known).
    const markerQueries: string[] = []
    page.on('request', (request) => {
      if (/[/,]places\.map[?,]/.test(request.url())) markerQueries.push(request.url())
    })
    await page.goto(url)
    // A trip's map is made as the reader comes near it.
    await page.getByRole('heading', { name: /^(Map|The route)$/ }).scrollIntoViewIfNeeded()
    const map = page.getByTestId('world-map')
    await expect(map.locator('svg path[d^="M"]').first()).toBeVisible()
    await page.waitForLoadState('networkidle')
    const counts = (await page.evaluate('window.mapDrawing')) as { drawn: number; redrawn: number }
    expect(counts.drawn).toBeGreaterThan(10)
    expect(counts.redrawn).toBe(0)
    expect(markerQueries).toHaveLength(url === '/map' ? 1 : 0)
    const svgWidth = await map.locator('svg').first().getAttribute('width')
    // The width of the map's frame, border included.
    expect(Number(svgWidth)).toBe(
      await map.evaluate((el) => (el.parentElement as unknown as { offsetWidth: number }).offsetWidth),
    )
  })
}
