import { expect, test } from '@playwright/test'
import { expectVisibleFocus, tabTo } from './support/keyboard'
import { checkScreen } from './support/screen-checks'

// Trips as a visitor sees them (docs/trips.md, docs/product.md "Trips"): the list, a trip page with its map and
// timeline, a story's day in its trip, the trip filter on /map (building a trip: trips-admin.spec.ts). The demo
// content has a finished trip ("Six Weeks Across Asia": stories on days 3, 18, 25 and 30) and a live one
// ("Patagonia on Foot"). Every step is taken with the keyboard; page.goto stands for typing an address. Nothing
// here writes, so it runs beside the other specs that leave the site as they found it.

const ASIA = 'Six Weeks Across Asia'

for (const width of [390, 1440]) {
  test.describe(`trips at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('the list of trips leads to a trip page with its map and day-by-day timeline', async ({ page }) => {
      await page.goto('/trips')
      const cards = page.getByTestId('trip-card')
      await expect(cards).toHaveCount(2)
      // Live trips come first, marked live.
      await expect(cards.first()).toContainText('Patagonia on Foot')
      await expect(cards.first().getByTestId('trip-live')).toBeVisible()
      await expect(cards.nth(1).getByTestId('trip-dates')).toHaveText(
        /^\d{1,2} \w{3}( \d{4})? – \d{1,2} \w{3} \d{4} · 40 days$/,
      )
      await expect(cards.nth(1)).toContainText('4 stories')
      await expect(cards.nth(1).getByRole('img', { name: /^Countries: .*Nepal/ })).toBeAttached()
      await checkScreen(page, `/trips at ${width}px`)

      const asia = cards.nth(1).getByRole('link')
      await tabTo(page, asia)
      await expectVisibleFocus(asia)
      await page.keyboard.press('Enter')
      await expect(page.getByRole('heading', { level: 1, name: ASIA })).toBeVisible()
      await expect(page).toHaveURL(/\/trips\/six-weeks-across-asia$/)
      await expect(page.getByTestId('trip-figures')).toContainText('Days40')
      // Flags are pictures of the site's own, not emoji (two letters in a box where no emoji font is installed).
      const flag = page.locator('img[src="/flags/np.svg"]').first()
      await expect(flag).toBeVisible()
      await expect
        .poll(() => flag.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
        .toBeGreaterThan(0)
      await expect(page.getByRole('link', { name: 'Follow this trip (RSS feed)' })).toHaveAttribute(
        'href',
        '/trips/six-weeks-across-asia/rss.xml',
      )
      const map = page.getByTestId('trip-map')
      await expect(map.getByTestId('map-day').first()).toBeVisible()
      // Days close together share a marker rather than sit on top of one another (24 px targets).
      const centres = await map
        .getByTestId('map-day')
        .evaluateAll((buttons) =>
          buttons.map((b) => b.getBoundingClientRect()).map((r) => [r.x + r.width / 2, r.y + r.height / 2]),
        )
      for (const [i, [x, y]] of centres.entries())
        for (const [u, v] of centres.slice(i + 1)) expect(Math.hypot(x - u, y - v)).toBeGreaterThanOrEqual(24)
      await expect(map.getByTestId('map-route-line')).toHaveCount(1)
      await expect(page.getByTestId('trip-gap').first()).toHaveText(/^Days 1–2: on the road/)
      await expect(page.getByRole('heading', { level: 3, name: /^Day 3/ })).toBeVisible()
      await checkScreen(page, `trip page at ${width}px`)
    })

    test('the trip page works with the keyboard: a day marker, the photos, more days', async ({ page }) => {
      await page.goto('/trips/six-weeks-across-asia')
      // A day's marker on the map takes the reader to that day in the timeline (on a phone day 3 shares its marker
      // with the next days, and a shared marker leads to its first day).
      const marker = page.getByTestId('trip-map').getByRole('button', { name: /^Days? 3\b/ })
      await tabTo(page, marker)
      await expectVisibleFocus(marker)
      await page.keyboard.press('Enter')
      await expect(page.locator('#day-3')).toBeFocused()

      // A day's photo opens the gallery's lightbox; Escape closes it.
      const photo = page
        .locator('#day-4')
        .getByRole('button', { name: /^Open / })
        .first()
      await tabTo(page, photo)
      await page.keyboard.press('Enter')
      await expect(page.getByRole('dialog')).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toBeHidden()

      // The first page is the first week run on through the empty days 8–12; the next brings days 13–19.
      await expect(page.getByText(/^Days 5–12: on the road/)).toBeVisible()
      const more = page.getByRole('button', { name: 'Show more days' })
      await tabTo(page, more)
      await page.keyboard.press('Enter')
      await expect(page.getByRole('heading', { level: 3, name: /^Day 13/ })).toBeVisible()
      await expect(page.getByRole('heading', { level: 3, name: /^Day 18/ })).toBeVisible()
      await expect(page.locator('#day-18')).toContainText('Island Hopping in El Nido')
    })

    test('a story in a trip says its day and leads to the days before and after', async ({ page }) => {
      await page.goto('/blog/working-remotely-from-bali-for-a-month')
      const days = page.getByRole('navigation', { name: 'Trip days' })
      await expect(days.getByRole('link', { name: `Day 3 of ${ASIA}` })).toBeVisible()
      await checkScreen(page, `story with its trip day at ${width}px`)

      const next = days.getByRole('link', { name: /^Day 18: Island Hopping/ })
      await tabTo(page, next)
      await expectVisibleFocus(next)
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/blog\/island-hopping-in-el-nido/)
      const after = page.getByRole('navigation', { name: 'Trip days' })
      await expect(after.getByRole('link', { name: `Day 18 of ${ASIA}` })).toBeVisible()
      await expect(after.getByRole('link', { name: /^← Day 3: Working Remotely/ })).toBeVisible()
      await tabTo(page, after.getByRole('link', { name: `Day 18 of ${ASIA}` }))
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/trips\/six-weeks-across-asia#day-18$/)
      await expect(page.getByRole('heading', { level: 1, name: ASIA })).toBeAttached()
      // Day 18 is past the first week the page brings: the page reads on and shows that day.
      await expect(page.locator('#day-18')).toBeInViewport()
    })

    test('/map filters by trip and draws its route', async ({ page }) => {
      await page.goto('/map')
      await expect(page.getByTestId('map-route-line').first()).toBeAttached()
      const trip = page.getByLabel('Trip')
      await tabTo(page, trip)
      await expectVisibleFocus(trip)
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('ArrowDown')
      await expect(page).toHaveURL(/[?&]trip=six-weeks-across-asia/)
      await expect(page.getByTestId('in-view-count')).toHaveText('4 stories')
      await expect(page.getByTestId('map-route-line')).toHaveCount(1)
      await checkScreen(page, `/map with a trip at ${width}px`)
    })
  })
}
