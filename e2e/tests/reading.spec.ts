import { expect, test, type Locator } from '@playwright/test'

// Browser-side expressions are strings: this package is type-checked without the DOM library.
// Runs against the demo content: 12 published stories (2 of them in Beach Destinations) and 2 drafts.

test('home shows the stats and the 6 latest stories, the first one larger', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveTitle('Wayfarer — Travel Blog')
  const stats = page.getByTestId('stat')
  // A fresh site counts its own: the countries its stories and photos are in, its published stories, its followers.
  await expect(stats).toHaveText([/^\d+Countries$/, /^\d+Adventures$/, /^\d+Followers$/])
  await expect(stats.first()).not.toHaveText(/^0/)
  const cards = page.getByTestId('post-card')
  await expect(cards).toHaveCount(6)
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()]
  expect(first!.width).toBeGreaterThan(second!.width)
})

test('blog search narrows the list after a pause and says so when nothing matches', async ({ page }) => {
  await page.goto('/blog')
  await expect(page).toHaveTitle('Blog | Wayfarer')
  const cards = page.getByTestId('post-card')
  await expect(cards).toHaveCount(12)
  const search = page.getByLabel('Search stories')
  await search.fill('annapurna')
  await expect(page.getByTestId('result-count')).toHaveText('Searching...')
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toContainText('Ten Days on the Annapurna Circuit')
  await expect(page.getByTestId('result-count')).toHaveText('1 story found')

  await search.fill('zzzz-no-such-story')
  await expect(page.getByText('No stories found')).toBeVisible()
  await page.getByRole('button', { name: 'Clear Filters' }).click()
  await expect(search).toHaveValue('')
  await expect(cards).toHaveCount(12)
})

test('a footer category link filters the blog to that category', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Beach Destinations' }).click()
  await expect(page).toHaveURL(/\/blog\?category=beach-destinations$/)
  await expect(page.getByRole('button', { name: /Beach Destinations/ })).toHaveAttribute('aria-pressed', 'true')
  const cards = page.getByTestId('post-card')
  await expect(cards).toHaveCount(2)
  for (const card of await cards.all()) await expect(card).toContainText('Beach Destinations')
  await page.getByRole('button', { name: /^All/ }).click()
  await expect(cards).toHaveCount(12)
})

test('a post page renders its body and share bar', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/blog')
  await page.getByTestId('post-card').filter({ hasText: 'A Night in the Sahara' }).click()
  await expect(page).toHaveURL(/\/blog\/a-night-in-the-sahara$/)
  await expect(page.getByRole('heading', { level: 1, name: 'A Night in the Sahara' })).toBeVisible()
  await expect(page).toHaveTitle('A Night in the Sahara')
  await expect(page.getByTestId('post-body').getByRole('heading', { name: 'Into the dunes' })).toBeVisible()
  await expect(page.getByTestId('post-body').locator('blockquote')).toHaveText(
    'Travel far enough and you meet yourself.',
  )
  await expect(page.getByTestId('view-count')).toHaveText(/^2\.\dK views$/)
  const share = page.getByTestId('share-bar')
  for (const network of ['Facebook', 'X', 'LinkedIn', 'WhatsApp']) {
    await expect(share.getByRole('link', { name: network })).toHaveAttribute('target', '_blank')
  }
  // Headless Chromium has no native share sheet: the link is copied instead.
  await share.getByRole('button', { name: 'Copy link' }).click()
  await expect(share.getByRole('button', { name: 'Copied!' })).toBeVisible()
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toMatch(/\/blog\/a-night-in-the-sahara$/)
  await expect(share.getByRole('button', { name: 'Copy link' })).toBeVisible()
})

test('with JavaScript off a story still reads, with the feed and sitemap as ways in', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/blog/ten-days-on-the-annapurna-circuit')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Annapurna')
  await expect(page.locator('.story-body p').first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'feed' })).toHaveAttribute('href', '/rss.xml')
  await context.close()
})

test('a missing post shows Post Not Found', async ({ page }) => {
  const response = await page.goto('/blog/no-such-story')
  expect(response!.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible()
  await expect(page.getByText('The requested post could not be found.')).toBeVisible()
})

test('an unknown path is Page Not Found with HTTP 404', async ({ page }) => {
  const response = await page.goto('/nope')
  expect(response!.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible()
  await expect(page).toHaveTitle('Page Not Found | Wayfarer')
  await page.getByRole('link', { name: 'Back to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('an unknown admin path still sends a signed-out visitor to sign in, not to the public 404', async ({ page }) => {
  await page.goto('/admin/no-such-screen')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.locator('header')).toHaveCount(0)
})

test('the mobile menu opens, closes, and closes when a link is chosen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/')
  const menu = page.getByRole('navigation', { name: 'Mobile' })
  await expect(menu).toBeHidden()
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(menu).toBeVisible()
  await page.getByRole('button', { name: 'Close menu' }).click()
  await expect(menu).toBeHidden()
  await page.getByRole('button', { name: 'Open menu' }).click()
  await menu.getByRole('link', { name: 'About' }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(menu).toBeHidden()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
})

test('the current page is highlighted and the back-to-top button appears after 400 px', async ({ page }) => {
  await page.goto('/blog')
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  const backToTop = page.getByRole('button', { name: 'Back to top' })
  await expect(page.getByTestId('post-card')).toHaveCount(12)
  await expect(backToTop).toBeHidden()
  await page.evaluate('window.scrollTo(0, 300)')
  await expect(backToTop).toBeHidden()
  await page.evaluate('window.scrollTo(0, 900)')
  await expect(backToTop).toBeVisible()
  await backToTop.click()
  await expect.poll(() => page.evaluate<number>('window.scrollY')).toBe(0)
  await expect(backToTop).toBeHidden()
})

test('the footer shows the current year, legal links and four social links in new tabs', async ({ page }) => {
  await page.goto('/about')
  await expect(page.getByTestId('gear-item')).toHaveCount(6)
  const footer = page.locator('footer')
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Wayfarer`)
  for (const name of ['Instagram', 'TikTok', 'YouTube', 'Facebook']) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('target', '_blank')
  }
  await footer.getByRole('link', { name: 'Sitemap' }).click()
  await expect(page).toHaveURL(/\/sitemap$/)
  await expect(page.getByTestId('sitemap-posts').getByRole('link')).toHaveCount(12)
})

/** The address the browser chose from an img's srcset, once it has loaded. */
const loadedSource = (img: Locator) =>
  img.evaluate((el) => {
    const image = el as unknown as { complete: boolean; currentSrc: string }
    return image.complete ? image.currentSrc : ''
  })

test('cards and the story picture load a width variant the size they are shown, in a modern format', async ({
  page,
}) => {
  const variants: { url: string; type: string }[] = []
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/media/w/'))
      variants.push({ url: res.url(), type: res.headers()['content-type'] ?? '' })
  })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/blog')
  // The card's picture is decorative (the link names the story), so it is found by its element, not its role.
  const card = page.getByTestId('post-card').first().locator('img')
  await expect(card).toHaveAttribute('srcset', /\/media\/w\/400\/.+ 400w/)
  await expect.poll(() => loadedSource(card)).toMatch(/\/media\/w\/\d+\//)

  await page.getByTestId('post-card').first().getByRole('link').click()
  const picture = page.getByRole('article').getByRole('img').first()
  await expect(picture).toHaveAttribute('sizes', '(min-width: 768px) 768px, 100vw')
  await expect.poll(() => loadedSource(picture)).toMatch(/\/media\/w\/\d+\//)
  expect(variants.length).toBeGreaterThan(0)
  expect(variants.every((v) => /image\/(avif|webp)/.test(v.type))).toBe(true)
})
