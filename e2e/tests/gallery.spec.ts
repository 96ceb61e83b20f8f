import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { owner } from '../playwright.config'
import { asOwner } from './support/owner-session'
import { fakeGeminiKeys } from '@wayfarer/fakes/gemini'

const card = (page: Page, title: string) => page.getByTestId('gallery-admin-image').filter({ hasText: title })

test('the owner uploads and publishes a photo, visitors step through it in the lightbox, and unpublishing hides it', async ({
  page,
}) => {
  const stamp = Date.now()
  const title = `e2e lighthouse ${stamp}`
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c2410c' } })
    .jpeg()
    .toBuffer()

  await asOwner(page)
  await page.goto('/admin/gallery')
  await expect(page.getByTestId('gallery-admin-image').first()).toBeVisible()

  await page.getByRole('button', { name: 'Publish to Gallery' }).click()
  await expect(page.getByTestId('gallery-notice')).toHaveText('Please select at least one image')

  await page
    .getByLabel('Upload image')
    .setInputFiles({ name: `e2e-lighthouse-${stamp}.jpg`, mimeType: 'image/jpeg', buffer: photo })
  await expect(page.getByTestId('gallery-notice')).toHaveText('Image uploaded')
  await expect(card(page, title)).toContainText('Not published')

  await card(page, title).getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByTestId('gallery-notice')).toHaveText('Image published')
  await expect(card(page, title)).toContainText('Published')

  await page.goto('/gallery')
  await expect(page.getByRole('heading', { name: 'Photo Gallery' })).toBeVisible()
  const grid = page.getByTestId('gallery-grid')
  await expect(grid.getByRole('listitem')).toHaveCount(24)
  const first = grid.getByRole('img').first()
  await expect(first).toHaveAttribute('loading', 'lazy')
  await expect(first).toHaveAttribute('width', '1200')
  await expect(first).toHaveAttribute('srcset', /\/media\/w\/400\/.+ 400w/)

  await grid.getByRole('button', { name: `Open ${title}` }).click()
  const lightbox = page.getByRole('dialog')
  await expect(lightbox.getByTestId('lightbox-counter')).toHaveText('1 / 24')
  await expect(lightbox.getByTestId('lightbox-title')).toHaveText(title)
  // Opening it moves focus to its Close button.
  await expect(lightbox.getByRole('button', { name: 'Close', exact: true })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(lightbox.getByTestId('lightbox-counter')).toHaveText('2 / 24')
  await expect(lightbox.getByTestId('lightbox-title')).not.toHaveText(title)
  await page.keyboard.press('ArrowLeft')
  await expect(lightbox.getByTestId('lightbox-title')).toHaveText(title)
  await page.keyboard.press('ArrowLeft')
  await expect(lightbox.getByTestId('lightbox-counter')).toHaveText('24 / 24')
  await lightbox.getByRole('button', { name: 'Next photo' }).click()
  await expect(lightbox.getByTestId('lightbox-counter')).toHaveText('1 / 24')
  await page.keyboard.press('Escape')
  await expect(lightbox).toBeHidden()

  await page.goto('/admin/gallery')
  await card(page, title).getByRole('button', { name: 'Unpublish' }).click()
  await expect(page.getByTestId('gallery-notice')).toHaveText('Image unpublished')
  await expect(card(page, title)).toContainText('Not published')

  await page.goto('/gallery')
  await expect(page.getByTestId('gallery-grid').getByRole('listitem')).toHaveCount(24)
  await expect(page.getByRole('button', { name: `Open ${title}` })).toHaveCount(0)
})

test('a rate-limited gallery fetch is retried twice, then shows the rate-limit message', async ({ page }) => {
  let attempts = 0
  // The manager lists the host over tRPC (gallery.hostImages, possibly batched with other calls): that call alone
  // gets the host's 429, the way the server answers it; anything batched with it gets its real answer.
  const rateLimited = {
    error: {
      message: 'Cloudinary rate limit reached. Please wait a minute and try again.',
      code: -32029,
      data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, path: 'gallery.hostImages' },
    },
  }
  await page.route(/\/trpc\/[^?]*gallery\.hostImages/, async (route) => {
    attempts++
    const paths = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/trpc\//, '')).split(',')
    const real = paths.length > 1 ? ((await (await route.fetch()).json()) as unknown[]) : []
    const body = paths.map((path, i) => (path === 'gallery.hostImages' ? rateLimited : real[i]))
    await route.fulfill({
      status: paths.length > 1 ? 207 : 429,
      contentType: 'application/json',
      body: JSON.stringify(body),
    })
  })
  await asOwner(page)
  await page.goto('/admin/gallery')
  const notice = page.getByTestId('gallery-notice')
  await expect(notice).toContainText('Retrying in 2 s (attempt 1 of 2)')
  await expect(notice).toContainText('Retrying in 4 s (attempt 2 of 2)')
  await expect(notice).toHaveText('Cloudinary rate limit reached. Please wait a minute and try again.')
  expect(attempts).toBe(3)
})

test('the Home hero shows a hero-tagged gallery photo, shuffles among gallery photos, and About shows body photos', async ({
  page,
}) => {
  await page.goto('/')
  const hero = page.getByTestId('hero-image')
  await expect(hero).toHaveAttribute('src', /^\/media\/wayfarer\/gallery\/.+\.jpg$/)
  const first = await hero.getAttribute('src')
  await page.getByRole('button', { name: 'Shuffle photo' }).click()
  await expect(hero).not.toHaveAttribute('src', first ?? '')
  await expect(hero).toHaveAttribute('src', /^\/media\/wayfarer\/gallery\//)

  await page.goto('/about')
  await expect(page.getByTestId('about-photos').getByRole('img')).toHaveCount(2)
  await expect(page.getByTestId('gear-item').getByRole('img')).toHaveCount(6)
})

test('the Home hero falls back to the bundled photo when the server cannot provide one', async ({ page }) => {
  // Neither in the page (the answer the server embeds for the first paint is taken out) nor from the API.
  await page.route('/', async (route) => {
    const response = await route.fetch()
    const body = (await response.text()).replace(
      /<script type="application\/json" id="wayfarer-initial-data">.*?<\/script>/s,
      '',
    )
    await route.fulfill({ response, body })
  })
  await page.route(/\/trpc\/[^?]*gallery\.bodyPhotos/, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '[]' }),
  )
  await page.goto('/')
  await expect(page.getByTestId('hero-image')).toHaveAttribute('src', '/hero-fallback.jpg')
})

test('the Home hero falls back to the bundled photo when the chosen picture does not load', async ({ page }) => {
  await page.goto('/')
  const chosen = await page.getByTestId('hero-image').getAttribute('src')
  expect(chosen).toMatch(/^\/media\//)
  await page.route(
    (url) => url.pathname.startsWith('/media/'),
    (route) => route.fulfill({ status: 404, body: '' }),
  )
  await page.reload()
  await expect(page.getByTestId('hero-image')).toHaveAttribute('src', '/hero-fallback.jpg')
})

test("the AI button writes a photo's metadata from the fake Gemini, and publishing keeps it", async ({
  page,
  request,
}) => {
  const login = await request.post('/api/auth/login', { data: owner })
  const token = (await login.json()).data.token as string
  const saveAiSettings = (geminiApiKey: string, enabled: boolean) =>
    request.post('/api/settings/ai', {
      headers: { authorization: `Bearer ${token}` },
      data: { geminiApiKey, enabled, model: 'gemini-1.5-pro', maxTokens: 2048 },
    })
  expect((await saveAiSettings(fakeGeminiKeys.good, true)).status()).toBe(200)
  // The suite shares one server: the AI settings go back to their defaults (no key, off) for the other specs.
  try {
    await describeAndPublish(page)
  } finally {
    expect((await saveAiSettings('', false)).status()).toBe(200)
    const reset = await request.get('/api/settings/ai', { headers: { authorization: `Bearer ${token}` } })
    expect((await reset.json()).data).toMatchObject({ hasApiKey: false, enabled: false })
  }
})

async function describeAndPublish(page: Page) {
  const stamp = Date.now()
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#0369a1' } })
    .png()
    .toBuffer()
  await asOwner(page)
  await page.goto('/admin/gallery')
  await expect(page.getByTestId('gallery-admin-image').first()).toBeVisible()
  await page
    .getByLabel('Upload image')
    .setInputFiles({ name: `harbour-${stamp}.png`, mimeType: 'image/png', buffer: photo })
  await expect(page.getByTestId('gallery-notice')).toHaveText('Image uploaded')
  const uploaded = card(page, `harbour ${stamp}`)
  const publicId = await uploaded.getAttribute('data-public-id')
  await uploaded.getByRole('button', { name: 'AI metadata' }).click()
  await expect(page.getByTestId('gallery-notice')).toHaveText('AI wrote: Harbour at Dusk')
  const described = page.locator(`[data-public-id="${publicId}"]`)
  await expect(described).toContainText('Essaouira, Morocco')
  await expect(described).toContainText('harbour · sunset · boats · morocco')
  await described.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByTestId('gallery-notice')).toHaveText('Image published')

  await page.goto('/gallery')
  await page.getByTestId('gallery-grid').getByRole('button', { name: 'Open Harbour at Dusk' }).first().click()
  await expect(page.getByRole('dialog').getByText('Fishing boats drift home under a copper sky.')).toBeVisible()
}

test('a swipe in the lightbox steps to the next and the previous photo', async ({ page }) => {
  await page.goto('/gallery')
  await page.getByTestId('gallery-grid').getByRole('button').first().click()
  const lightbox = page.getByRole('dialog')
  await expect(lightbox.getByTestId('lightbox-counter')).toHaveText(/^1 \/ \d+$/)
  const swipe = async (from: number, to: number) => {
    await lightbox.dispatchEvent('touchstart', { touches: [{ identifier: 1, clientX: from, clientY: 300 }] })
    await lightbox.dispatchEvent('touchend', { changedTouches: [{ identifier: 1, clientX: to, clientY: 300 }] })
  }
  await swipe(400, 150)
  await expect(lightbox.getByTestId('lightbox-counter')).toHaveText(/^2 \/ \d+$/)
  await swipe(150, 400)
  await expect(lightbox.getByTestId('lightbox-counter')).toHaveText(/^1 \/ \d+$/)
  await swipe(300, 280) // too short to count as a swipe
  await expect(lightbox.getByTestId('lightbox-counter')).toHaveText(/^1 \/ \d+$/)
})
