import { expect, test } from '@playwright/test'
import { ownerToken } from './support/owner-api'
import { ownerState } from './support/owner-session'
import { expectNoAxeViolations, expectNoSidewaysScroll, settle } from './support/screen-checks'

// Live tracking (docs/trips.md, "Live") on a phone: the owner checks in from the trip editor with the browser's
// location, and visitors see "Last seen near …" only once the delay has passed. The trip is made for this spec and
// deleted after it.

const EL_CALAFATE = { latitude: -50.3379, longitude: -72.2648 }

test('at 390 px: "Check in here" with the browser\'s location, then "last seen" once the delay has passed', async ({
  browser,
  request,
}) => {
  const token = await ownerToken(request)
  const auth = { authorization: `Bearer ${token}` }
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
  const made = await request.post('/api/trips', {
    headers: auth,
    data: { title: `Live Trip ${Date.now()}`, start_date: yesterday, time_zone: 'UTC', status: 'published' },
  })
  expect(made.status(), await made.text()).toBe(200)
  const trip = ((await made.json()) as { data: { id: number; slug: string } }).data
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: ownerState(),
    geolocation: EL_CALAFATE,
    permissions: ['geolocation'],
  })
  try {
    const page = await context.newPage()
    await page.goto(`/admin/trips/edit/${trip.id}`)
    await expect(page.getByRole('heading', { name: 'Live tracking' })).toBeVisible()
    await page.getByLabel('Note (optional)').fill('At the glacier')
    await page.getByRole('button', { name: 'Check in here' }).click()
    await expect(page.getByTestId('check-in-status')).toHaveText(/^Checked in\./, { timeout: 30_000 })
    const points = page.getByTestId('track-points')
    await expect(points).toContainText('-50.3379, -72.2648 · check-in · “At the glacier”')
    await expect(points).toContainText('Public from')
    await settle(page)
    await expectNoSidewaysScroll(page, 'trip editor with live tracking at 390px')
    await expectNoAxeViolations(page, 'trip editor with live tracking at 390px')

    // Before the delay (a day by default) visitors see nothing of it.
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const publicPage = await visitor.newPage()
    await publicPage.goto(`/trips/${trip.slug}`)
    await expect(publicPage.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(publicPage.getByTestId('last-seen')).toHaveCount(0)

    // The owner shortens the delay to nothing: the check-in's moment has passed.
    await page.getByLabel('Delay before points go public (hours)').fill('0')
    await page.getByRole('button', { name: 'Save tracking settings' }).click()
    await expect(page.getByText('Saved.')).toBeVisible()

    await publicPage.reload()
    const seen = publicPage.getByTestId('last-seen')
    await expect(seen).toHaveText(/^Last seen near El Calafate, (just now|\d+ minutes? ago) · “At the glacier”$/)
    await settle(publicPage)
    await expectNoSidewaysScroll(publicPage, 'live trip page at 390px')
    await expectNoAxeViolations(publicPage, 'live trip page at 390px')
    // Nothing more precise than the rounded point leaves the server.
    const answer = await request.get(`/api/trips/${trip.slug}`)
    const body = await answer.text()
    expect(body).not.toContain('-50.3379')
    expect(body).toContain('"latitude":-50.34')
    await visitor.close()
  } finally {
    await context.close()
    await request.delete(`/api/trips/${trip.id}`, { headers: auth })
  }
})
