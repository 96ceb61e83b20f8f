import { expect, test, type Page } from '@playwright/test'

// The map's code is the largest file of the public site (the world's shapes and d3-geo). When it does not arrive
// the page around it stays usable. (The map with the keyboard alone: keyboard-journey.spec.ts and places.spec.ts.)

/** The map's code file never arrives, as on a dropped connection or after a release replaced it. */
const blockMapCode = (page: Page) => page.route(/\/assets\/world-map-[^/]*\.js$/, (route) => route.abort())

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
  // The error comes once the page's data has arrived and its code failed: early in a run the servers are still
  // making their kept pages, so this first visit gets more time than the default.
  await expect(error.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible({
    timeout: 30_000,
  })
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
  const title = (await card.getByRole('heading').first().textContent())!.trim()
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
  // The story's own heading (the list's is a level-1 heading too). The story, its comments and its trip are
  // asked for only now, from a server that may be busy with other tests: a generous wait, the bar gone after.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toHaveCount(0)
})
