import { expect, test, type Route } from '@playwright/test'

test('the hero and the latest stories never wait for the video platform', async ({ page }) => {
  // Hold back every tRPC request that asks YouTube for anything, as a slow or unreachable platform would.
  const held: Route[] = []
  await page.route(/\/trpc\/[^?]*youtube\./, (route) => void held.push(route))
  await page.goto('/')

  await expect(page.getByTestId('hero-image')).toBeVisible()
  await expect(page.getByTestId('post-card')).toHaveCount(6)
  await expect(page.getByLabel('Loading videos')).toBeVisible()
  expect(held.length).toBeGreaterThan(0)
  // Nothing the page needs besides the videos travels with them.
  for (const route of held) expect(new URL(route.request().url()).pathname).not.toMatch(/posts\.|gallery\./)

  for (const route of held) await route.continue()
  await expect(page.getByTestId('video-card')).toHaveCount(6)
})

for (const width of [360, 390, 768, 1024, 1440]) {
  test(`at ${width} px the stats tiles leave the Shuffle button and the caption uncovered`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/')
    const shuffle = page.getByRole('button', { name: 'Shuffle photo' })
    const caption = page.getByTestId('hero-caption')
    await expect(shuffle).toBeVisible()
    const tiles = await page.getByTestId('stat').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect()
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }
      }),
    )
    for (const target of [shuffle, caption]) {
      const box = (await target.boundingBox())!
      for (const tile of tiles) {
        const overlaps =
          box.x < tile.right && box.x + box.width > tile.left && box.y < tile.bottom && box.y + box.height > tile.top
        expect(overlaps).toBe(false)
      }
    }
    // A real click lands on the button: Playwright retries while another element would receive it, and fails at the
    // timeout. Not shorter: the click also waits for any navigation it starts, which took over 2 s on a loaded machine.
    const before = await page.getByTestId('hero-image').getAttribute('src')
    await shuffle.click({ timeout: 10_000 })
    await expect(page.getByTestId('hero-image')).not.toHaveAttribute('src', before ?? '')
  })
}
