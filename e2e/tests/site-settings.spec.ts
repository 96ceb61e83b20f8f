import { expect, test, type Page } from '@playwright/test'
import { asOwner } from './support/owner-session'
import { ownerToken } from './support/owner-api'
import { showsFocus } from './support/dom'
import { expectVisibleFocus, tabTo } from './support/keyboard'
import { expectNoSidewaysScroll } from './support/screen-checks'

// Changes the site's settings, which every page shows: a shared-state spec (SHARED_STATE_SPECS), and it puts the
// settings back as they were at the end.

const widths = [390, 768, 1440] as const
const NAME = 'Two Backpacks'
const TAGLINE = 'Slow travel in Asia'
const ABOUT = 'We are Ana and Rui, and we left Lisbon in 2024.'

async function savedSettings(page: Page): Promise<Record<string, unknown>> {
  return ((await (await page.request.get('/api/settings/site')).json()) as { data: Record<string, unknown> }).data
}

async function restore(page: Page, settings: Record<string, unknown>): Promise<void> {
  const token = await ownerToken(page.request)
  const res = await page.request.post('/api/settings/site', {
    data: settings,
    headers: { authorization: `Bearer ${token}` },
  })
  expect(res.status()).toBe(200)
}

test('the owner makes the site theirs, and every public page shows it at 390, 768 and 1440 px', async ({ page }) => {
  test.setTimeout(180_000)
  const before = await savedSettings(page)
  try {
    await asOwner(page)
    await page.getByRole('link', { name: /View site/ }).waitFor()
    await page.goto('/admin/settings/site')
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
    await page.getByLabel('Site name *').fill(NAME)
    await page.getByLabel('Tagline').fill(TAGLINE)
    await page.getByLabel(/^About text/).fill(ABOUT)
    const links = page.getByTestId('social-links-field')
    // None of the spec's four: remove them all, then add the owner's one.
    while ((await links.getByRole('button', { name: /^Remove/ }).count()) > 0)
      await links
        .getByRole('button', { name: /^Remove/ })
        .first()
        .click()
    await links.getByRole('button', { name: 'Add a link' }).click()
    await page.getByLabel('Network 1').fill('Mastodon')
    await page.getByLabel('Address 1').fill('https://mastodon.social/@twobackpacks')
    await page.getByRole('button', { name: 'Save site settings' }).click()
    await expect(page.getByTestId('admin-toast')).toHaveText('Site settings saved')

    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 })
      for (const path of ['/', '/blog', '/about', '/contact', '/gallery']) {
        await page.goto(path)
        await expect(page.getByTestId('site-name')).toHaveText(NAME)
        const footer = page.getByRole('contentinfo')
        await expect(footer.getByText(`© ${new Date().getFullYear()} ${NAME}. All rights reserved.`)).toBeVisible()
        await expect(footer.getByRole('link', { name: 'Mastodon' })).toHaveAttribute(
          'href',
          'https://mastodon.social/@twobackpacks',
        )
        await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveCount(0)
        await expect(page).toHaveTitle(path === '/' ? `${NAME} — ${TAGLINE}` : new RegExp(`\\| ${NAME}$`))
        await expectNoSidewaysScroll(page, `${path} at ${width}`)
      }
      await page.goto('/about')
      await expect(page.getByTestId('about-text')).toHaveText(ABOUT)
      // A story page too, reached the way a reader does.
      await page.goto('/blog')
      await page.getByTestId('post-card').first().getByRole('link').click()
      await expect(page.getByTestId('site-name')).toHaveText(NAME)
    }
  } finally {
    await restore(page, before)
  }
  await page.goto('/')
  await expect(page.getByTestId('site-name')).toHaveText('Wayfarer')
})

test('without a YouTube channel the home page shows no video section, notice or error to visitors', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`)
  })
  // The server says whether a channel is set up in the settings it embeds in the page (its integration test
  // covers a server without one); this server has the fake channel, so the page is shown as one without.
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch()
      const body = (await response.text()).replace('"videos":true', '"videos":false')
      await route.fulfill({ response, body })
    },
  )
  await page.goto('/')
  await expect(page.getByTestId('post-card').first()).toBeVisible()
  await expect(page.getByTestId('videos-section')).toHaveCount(0)
  await expect(page.getByTestId('shorts-section')).toHaveCount(0)
  await expect(page.getByTestId('videos-setup-hint')).toHaveCount(0)
  await expect(page.getByText(/Unable to load videos|sample/i)).toHaveCount(0)
  await expect(page.getByTestId('stat')).toHaveCount(3)
  await expect(page.getByTestId('stat').first()).not.toHaveText(/…/)
  expect(errors).toEqual([])
})

test('story cards show where the focus is; the gallery slideshow can be paused and stays still under reduced motion', async ({
  page,
}) => {
  await page.goto('/blog')
  const card = page.getByTestId('post-card').first()
  const link = card.getByRole('link')
  // The link's name starts with the story's title.
  const title = (await link.getByRole('heading').innerText()).trim()
  expect((await link.getAttribute('aria-label')) ?? (await link.innerText()).trim()).toMatch(
    new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  )
  await tabTo(page, link)
  expect(await showsFocus(card)).toBe(true)

  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/gallery')
  const featured = page.getByTestId('featured-title')
  await expect(featured).toBeVisible()
  await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible()
  const pause = page.getByRole('button', { name: 'Play slideshow' })
  await tabTo(page, pause)
  await expectVisibleFocus(pause)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Pause slideshow' })).toBeFocused()
})
