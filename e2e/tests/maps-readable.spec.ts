import { expect, test, type Locator } from '@playwright/test'
import { computedStyle } from './support/dom'

// Maps and places people can read: flags that draw without an emoji font, pictures in the list of stories in view,
// and on a phone one scrolling page rather than a box scrolling inside it.

/** Whether an image has arrived and could be drawn. */
const loaded = (image: Locator) =>
  image.evaluate((el) => (el as unknown as { complete: boolean; naturalWidth: number }).naturalWidth > 0)

/** Regional indicator letters: what an emoji flag is made of. */
const EMOJI_FLAG = /[\u{1F1E6}-\u{1F1FF}]/u

test('country flags are pictures from the site itself, not emoji', async ({ page, baseURL }) => {
  await page.goto('/places')
  const list = page.getByTestId('country-list')
  await expect(list.getByRole('link').first()).toBeVisible()
  const flags = list.getByTestId('flag')
  await expect(flags).toHaveCount(await list.getByRole('link').count())
  const first = flags.first()
  await expect(first).toHaveAttribute('src', /^\/flags\/[a-z]{2}\.svg$/)
  const src = await first.evaluate((el) => (el as unknown as { src: string }).src)
  expect(new URL(src).origin).toBe(new URL(baseURL!).origin)
  await expect.poll(() => loaded(first)).toBe(true)
  expect(await list.innerText()).not.toMatch(EMOJI_FLAG)

  await page.goto('/places/no')
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText(/^\s*Norway$/)
  await expect(heading.getByTestId('flag')).toHaveAttribute('src', '/flags/no.svg')
  await expect.poll(() => loaded(heading.getByTestId('flag'))).toBe(true)
})

for (const width of [390, 768]) {
  test(`at ${width} px the stories in view scroll with the page and show their pictures`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/map')
    const list = page.getByTestId('in-view-list')
    await expect(list.getByRole('link').first()).toBeVisible()
    expect(await computedStyle(list, 'overflow-y')).toBe('visible')
    // Every story of the demo site has a picture, and each link shows it.
    const first = list.getByRole('listitem').first()
    const thumbnail = first.getByTestId('in-view-thumbnail')
    await thumbnail.scrollIntoViewIfNeeded()
    await expect.poll(() => loaded(thumbnail)).toBe(true)
    expect(await list.getByTestId('in-view-thumbnail').count()).toBe(await list.getByRole('link').count())
  })
}

test('the map names the countries where their names fit, more of them as it zooms in', async ({ page }) => {
  await page.goto('/map')
  const labels = page.getByTestId('map-country-label')
  await expect(labels.filter({ hasText: /^Brazil$/ })).toHaveCount(1)
  // Too small at the world's zoom: no name is written over its neighbours.
  await expect(labels.filter({ hasText: /^Luxembourg$/ })).toHaveCount(0)
  await expect(labels.filter({ hasText: /^Denmark$/ })).toHaveCount(0)

  await page.goto('/map?lat=62&lng=12&zoom=5')
  await expect(labels.filter({ hasText: /^Norway$/ })).toHaveCount(1)
  await expect(labels.filter({ hasText: /^Denmark$/ })).toHaveCount(1)
})

test('on a phone the elevation figures stay readable and the map’s photo markers are big enough to tap', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/blog/ten-days-on-the-annapurna-circuit')
  const figures = page.getByTestId('elevation-labels').locator('span')
  await expect(figures).toHaveCount(3)
  for (const figure of await figures.all()) {
    await expect(figure).toHaveText(/\d/)
    expect(parseFloat(await computedStyle(figure, 'font-size'))).toBeGreaterThanOrEqual(11)
  }

  await page.goto('/places/no')
  const photo = page.getByTestId('map-photo').first()
  await expect(photo).toBeVisible()
  const box = (await photo.boundingBox())!
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24)
})
