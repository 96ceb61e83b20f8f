import { expect, test, type Page } from '@playwright/test'
import { signInAsOwner } from './sign-in'

// Issue 11, acceptance 4: every public and admin screen works under the Content-Security-Policy, with no
// violation reported by the browser.
async function watch(page: Page, violations: string[]) {
  // Runs in the page before its own scripts: every violation the browser reports is collected.
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) => {
      (window.__csp = window.__csp || []).push(e.violatedDirective + ' ' + e.blockedURI + ' at ' + e.sourceFile + ':' + e.lineNumber)
    })`,
  })
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content[- ]Security[- ]Policy/i.test(message.text()))
      violations.push(message.text())
  })
}

async function visit(page: Page, violations: string[], url: string, ready: () => Promise<void>) {
  await page.goto(url)
  await ready()
  await page.waitForLoadState('networkidle')
  const reported = await page.evaluate<string[]>('window.__csp || []')
  violations.push(...reported.map((v) => `${url}: ${v}`))
}

test('no CSP violation on any public screen', async ({ page }) => {
  test.setTimeout(180_000) // a dozen screens
  const violations: string[] = []
  await watch(page, violations)
  const response = await page.request.get('/')
  expect(response.headers()['content-security-policy']).toMatch(/script-src 'self'/)
  await visit(page, violations, '/', () => expect(page.getByTestId('post-card').first()).toBeVisible())
  await visit(page, violations, '/blog', () => expect(page.getByTestId('post-card').first()).toBeVisible())
  const firstPost = await page.getByTestId('post-card').first().locator('a').first().getAttribute('href')
  await visit(page, violations, firstPost!, () => expect(page.locator('article, main').first()).toBeVisible())
  // The trips, a trip page with its lazily loaded map, and /map filtered by a trip with its route.
  await visit(page, violations, '/trips', () => expect(page.getByTestId('trip-card').first()).toBeVisible())
  await visit(page, violations, '/trips/six-weeks-across-asia', () =>
    expect(page.getByTestId('trip-map').getByTestId('map-day').first()).toBeVisible(),
  )
  await visit(page, violations, '/map?trip=six-weeks-across-asia', () =>
    expect(page.getByTestId('map-route-line').first()).toBeAttached(),
  )
  for (const url of ['/gallery', '/about', '/contact', '/privacy', '/terms', '/sitemap', '/no-such-page']) {
    await visit(page, violations, url, () => expect(page.locator('main').first()).toBeVisible())
  }
  expect(violations).toEqual([])
})

test('no CSP violation on any admin screen', async ({ page }) => {
  test.setTimeout(180_000)
  const violations: string[] = []
  await watch(page, violations)
  await signInAsOwner(page)
  const screens = [
    '/admin',
    '/admin/posts',
    '/admin/posts/new',
    '/admin/trips',
    '/admin/trips/new',
    '/admin/comments',
    '/admin/gallery',
    '/admin/messages',
    '/admin/settings',
  ]
  for (const url of screens)
    await visit(page, violations, url, () => expect(page.locator('main, [role="main"], h1').first()).toBeVisible())
  // The editor of an existing post (the demo content has several).
  const firstPost = await page.request
    .get('/api/posts?limit=1')
    .then((r) => r.json() as Promise<{ data: { id: number }[] }>)
  await visit(page, violations, `/admin/posts/edit/${firstPost.data[0]!.id}`, () =>
    expect(page.getByRole('button', { name: /save|update/i }).first()).toBeVisible(),
  )
  await visit(page, violations, '/admin/trips', () => expect(page.getByTestId('admin-trips')).toBeVisible())
  await page.getByTestId('admin-trips').getByRole('link').first().click()
  await expect(page.getByRole('button', { name: 'Save trip' })).toBeVisible()
  expect(violations).toEqual([])
})
