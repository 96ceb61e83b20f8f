import { expect, test, type Page } from '@playwright/test'
import { hasFocus, showsFocus } from './support/dom'

// The map's code is the largest file of the public site (the world's shapes and d3-geo). When it does not arrive
// the page around it stays usable; and the map itself is used with the keyboard alone.

/** The map's code file never arrives, as on a dropped connection or after a release replaced it. */
const blockMapCode = (page: Page) => page.route(/\/assets\/world-map-[^/]*\.js$/, (route) => route.abort())

const zoomOf = async (page: Page) => Number(await page.getByTestId('world-map').getAttribute('data-zoom'))

test('with the map’s code blocked, a story still shows its text and says the map is unavailable', async ({ page }) => {
  await blockMapCode(page)
  await page.goto('/blog/photographing-the-northern-lights')
  await expect(page.getByRole('heading', { level: 1, name: 'Photographing the Northern Lights' })).toBeVisible()
  await expect(page.getByTestId('post-body')).toContainText(/\w+/)
  await expect(page.getByTestId('map-unavailable')).toHaveText(/^Map unavailable/)
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
})

test('with the map’s code blocked, /map shows the site’s own error with its header, and Retry loads it', async ({
  page,
}) => {
  await blockMapCode(page)
  await page.goto('/map')
  const error = page.getByTestId('page-unavailable')
  await expect(error.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0)

  // The connection is back: Retry reloads the page, and the map is there.
  await page.unrouteAll()
  await error.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible()
  await expect(page.getByTestId('world-map')).toBeVisible()
})

test('a page change that waits for its data shows a progress bar', async ({ page }) => {
  await page.goto('/blog')
  const card = page.getByTestId('post-card').first()
  await expect(card).toBeVisible()
  // The story's data comes slowly, the way it does on a poor connection.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/trpc\/[^?]*posts\.story/, async (route) => {
    await held
    await route.continue()
  })
  await card.getByRole('link').click()
  await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toBeVisible()
  release()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toHaveCount(0)
})

test('on the map, a cluster keeps the focus on the map, and a story card closes on Escape back to its marker', async ({
  page,
}) => {
  await page.goto('/map')
  const map = page.getByTestId('world-map')
  const cluster = page.getByRole('button', { name: /places here: .*Zoom in$/ }).first()
  await expect(cluster).toBeVisible()
  for (let i = 0; i < 60 && !(await hasFocus(cluster)); i++) await page.keyboard.press('Tab')
  await expect(cluster).toBeFocused()
  expect(await showsFocus(cluster)).toBe(true)

  // Enter on a cluster zooms in; the cluster's button goes, the map keeps the focus and shows it.
  await page.keyboard.press('Enter')
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(2)
  await expect(map).toBeFocused()
  expect(await showsFocus(map)).toBe(true)

  // A story marker opens its card with the focus in it; Escape closes it and gives the marker the focus back.
  await page.goto('/map?lat=67.93&lng=13.09&zoom=10')
  const story = page.getByRole('button', { name: 'Story: Our Drone Setup for Travel Filmmaking' })
  await expect(story).toBeVisible()
  for (let i = 0; i < 60 && !(await hasFocus(story)); i++) await page.keyboard.press('Tab')
  await expect(story).toBeFocused()
  expect(await showsFocus(story)).toBe(true)
  await page.keyboard.press('Enter')
  const card = page.getByRole('dialog', { name: 'Our Drone Setup for Travel Filmmaking' })
  await expect(card).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Escape')
  await expect(card).toHaveCount(0)
  await expect(story).toBeFocused()
  expect(await showsFocus(story)).toBe(true)
})
