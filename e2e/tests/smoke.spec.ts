import { expect, test } from '@playwright/test'

test('the site is served and talks to the API over tRPC', async ({ page, request }) => {
  const health = await request.get('/api/health')
  expect(health.status()).toBe(200)
  expect(await health.json()).toEqual({ success: true, data: { status: 'ok', database: 'pglite' } })

  await page.goto('/')
  // The latest stories come from the server over tRPC.
  await expect(page.getByTestId('post-card').first()).toBeVisible()
})

test('hashed assets are cached for a year, the HTML shell never', async ({ request }) => {
  const html = await request.get('/')
  expect(html.headers()['cache-control']).toBe('no-cache')
  const script = /<script type="module" crossorigin src="([^"]+)"/.exec(await html.text())?.[1]
  expect(script).toMatch(/^\/assets\//)
  const asset = await request.get(script!)
  expect(asset.status()).toBe(200)
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
})
