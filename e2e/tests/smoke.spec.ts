import { expect, test } from '@playwright/test'

test('the site is served and talks to the API over tRPC', async ({ page, request }) => {
  const health = await request.get('/api/health')
  expect(health.status()).toBe(200)
  expect(await health.json()).toEqual({ success: true, data: { status: 'ok', database: 'pglite' } })

  await page.goto('/')
  // The latest stories come from the server over tRPC.
  await expect(page.getByTestId('post-card').first()).toBeVisible()
})
