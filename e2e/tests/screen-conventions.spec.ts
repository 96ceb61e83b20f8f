import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Locator } from '@playwright/test'
import { owner } from '../playwright.config'
import { asOwner } from './support/owner-session'
import { ownerToken } from './support/owner-api'
import { computedStyle, containsFocus, isOnTop } from './support/dom'

// What every screen holds to beyond its own content: the editor preview styled like the story, Escape and focus
// in menus, phone layouts, a title per screen, the current page marked, the wording of counts and states, the
// skip link and control names. The screens tour (screens.spec.ts) checks layout, axe and the CSP on all of them.
// Nothing here changes what other specs read (the wording of counts, which publishes a story: wording.spec.ts).

const phone = { width: 390, height: 844 }
const styleOf = computedStyle

test('the editor preview looks like the public story page (same story stylesheet)', async ({ page }) => {
  // A demo story (published days before the run, with headings): other specs publish short stories of their own.
  const stories = (
    (await (await page.request.get('/api/posts?limit=50')).json()) as {
      data: { id: number; slug: string; published_at: string }[]
    }
  ).data
  const story = stories.find((s) => Date.parse(s.published_at) < Date.now() - 86_400_000)!
  await page.goto(`/blog/${story.slug}`)
  const publicH2 = page.getByTestId('post-body').locator('h2').first()
  await expect(publicH2).toBeVisible()
  const publicSizes = {
    h2: await styleOf(publicH2, 'font-size'),
    p: await styleOf(page.getByTestId('post-body').locator('p').first(), 'font-size'),
  }

  await asOwner(page)
  await page.goto(`/admin/posts/edit/${story.id}`)
  await page.getByRole('button', { name: 'Preview', exact: true }).click()
  const preview = page.getByRole('article', { name: 'Preview' })
  const previewH2 = preview.getByTestId('post-body').locator('h2').first()
  await expect(previewH2).toBeVisible()
  expect(await styleOf(previewH2, 'font-size')).toBe(publicSizes.h2)
  expect(await styleOf(preview.getByTestId('post-body').locator('p').first(), 'font-size')).toBe(publicSizes.p)
  expect(parseFloat(publicSizes.h2)).toBeGreaterThan(parseFloat(publicSizes.p))
  // The writing surface uses the same sheet: a heading there is a heading-sized heading too.
  await page.getByRole('button', { name: 'Hide Preview' }).click()
  expect(await styleOf(page.getByRole('textbox', { name: 'Content' }).locator('h2').first(), 'font-size')).toBe(
    publicSizes.h2,
  )
})

test('Escape closes the mobile menu and the admin slide-over, which has a close button, leaves the menu button free and hands focus back', async ({
  page,
}) => {
  await page.setViewportSize(phone)
  await page.goto('/')
  const menuButton = page.getByRole('button', { name: 'Open menu' })
  await menuButton.focus()
  await page.keyboard.press('Enter')
  const mobileNav = page.getByRole('navigation', { name: 'Mobile' })
  await expect(mobileNav).toBeVisible()
  await expect.poll(() => containsFocus(mobileNav)).toBe(true)
  await page.keyboard.press('Escape')
  await expect(mobileNav).toBeHidden()
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()

  await asOwner(page)
  const adminMenuButton = page.getByRole('button', { name: 'Open menu' })
  await adminMenuButton.focus()
  await page.keyboard.press('Enter')
  const slideOver = page.getByRole('dialog', { name: 'Admin menu' })
  await expect(slideOver).toBeVisible()
  await expect.poll(() => containsFocus(slideOver)).toBe(true)
  // The menu button is not covered by the slide-over or its backdrop.
  expect(await isOnTop(page.locator('header').getByRole('button', { name: 'Close menu' }))).toBe(true)
  await expect(slideOver.getByRole('button', { name: 'Close menu' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(slideOver).toBeHidden()
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()
  // Its own close button closes it too; so does the menu button in the header.
  await page.getByRole('button', { name: 'Open menu' }).click()
  await slideOver.getByRole('button', { name: 'Close menu' }).click()
  await expect(slideOver).toBeHidden()
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(slideOver).toBeVisible()
  await page.locator('header').getByRole('button', { name: 'Close menu' }).click()
  await expect(slideOver).toBeHidden()
})

test('the mobile dashboard does not scroll sideways, posts are stacked rows, the sidebar runs the whole page', async ({
  page,
}) => {
  await page.setViewportSize(phone)
  await asOwner(page)
  await expect(page.getByText('Recent Posts')).toBeVisible()
  const width = () => page.evaluate<number>('document.documentElement.scrollWidth')
  expect(await width()).toBeLessThanOrEqual(phone.width)
  // The header's title and the welcome line sit side by side, never on top of each other (seen in a screenshot).
  const title = (await page.getByTestId('admin-screen-heading').boundingBox())!
  const welcome = (await page.getByTestId('admin-welcome').boundingBox())!
  expect(welcome.x).toBeGreaterThanOrEqual(title.x + title.width)

  await page.goto('/admin/posts')
  const row = page.getByTestId('post-stacked-row').first()
  await expect(row).toBeVisible()
  for (const action of ['View', 'Edit', 'Delete']) {
    const name = new RegExp(`^${action}`)
    const box = (await row.getByRole('link', { name }).or(row.getByRole('button', { name })).first().boundingBox())!
    expect(box.x + box.width, `${action} is on screen`).toBeLessThanOrEqual(phone.width)
  }
  expect(await width()).toBeLessThanOrEqual(phone.width)

  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/admin/comments')
  await expect(page.getByTestId('admin-comment').first()).toBeVisible()
  const pageHeight = await page.evaluate<number>('document.documentElement.scrollHeight')
  expect(pageHeight).toBeGreaterThan(900)
  const sidebar = (await page.getByTestId('admin-sidebar').boundingBox())!
  expect(sidebar.y + sidebar.height).toBeGreaterThanOrEqual(pageHeight - 1)
  // Scrolled to the bottom, the links are still in view.
  await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)')
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeInViewport()
})

test('on a phone, the tag, comment and gallery checkboxes are targets of at least 24 px', async ({ page }) => {
  await page.setViewportSize(phone)
  await asOwner(page)
  const atLeast24px = async (boxes: Locator, what: string) => {
    await expect(boxes.first()).toBeVisible()
    for (const box of await boxes.all()) {
      const { width, height } = (await box.boundingBox())!
      expect(Math.min(width, height), `${what}: ${width}×${height} px`).toBeGreaterThanOrEqual(24)
    }
  }
  await page.goto('/admin/posts/new')
  await atLeast24px(page.getByRole('group', { name: 'Tags' }).getByRole('checkbox'), 'a tag')
  await page.goto('/admin/comments')
  await atLeast24px(page.getByRole('checkbox', { name: /^Select comment by / }), 'a comment')
  await page.goto('/admin/gallery')
  await atLeast24px(page.getByRole('main').getByRole('checkbox', { name: /^Select / }), 'a photo')
})

test('at 768 px the editor keeps the width beside the sidebar instead of a narrow column', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 })
  await asOwner(page)
  await page.goto('/admin/posts/new')
  const { width } = (await page.getByRole('textbox', { name: 'Content' }).boundingBox())!
  expect(width).toBeGreaterThanOrEqual(400)
})

test('every screen sets its own title, also right after signing in', async ({ page }) => {
  await page.goto('/login')
  await expect(page).toHaveTitle('Admin Login | Wayfarer')
  await page.getByLabel('Email').fill(owner.email)
  await page.getByLabel('Password', { exact: true }).fill(owner.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page).toHaveTitle('Dashboard · Admin | Wayfarer')
  const titles = new Map<string, string>()
  for (const [link, title] of [
    ['Posts', 'Posts · Admin | Wayfarer'],
    ['Gallery', 'Gallery · Admin | Wayfarer'],
    ['Comments', 'Comments · Admin | Wayfarer'],
    ['Messages', 'Messages · Admin | Wayfarer'],
    ['Settings', 'AI Settings · Admin | Wayfarer'],
  ] as const) {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: link }).click()
    await expect(page).toHaveTitle(title)
    // The header's h1 names the screen too, never a generic "Admin Panel".
    await expect(page.getByTestId('admin-screen-heading')).toHaveText(link)
    titles.set(link, title)
  }
  await page.goto('/admin/posts/new')
  await expect(page).toHaveTitle('New Post · Admin | Wayfarer')
  await page.getByRole('link', { name: '← Back to posts' }).click()
  await page
    .getByRole('link', { name: /^Edit / })
    .first()
    .click()
  await expect(page).toHaveTitle(/^Edit “.+” · Admin \| Wayfarer$/)
  expect(new Set(titles.values()).size).toBe(titles.size)
})

test('Dashboard is the current page on /admin only; the footer shows the current page', async ({ page }) => {
  await asOwner(page)
  const sidebar = page.getByRole('navigation', { name: 'Admin' })
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
  await sidebar.getByRole('link', { name: 'Posts' }).click()
  await expect(sidebar.getByRole('link', { name: 'Posts' })).toHaveAttribute('aria-current', 'page')
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', /.*/)
  await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(1)

  await page.goto('/gallery')
  const footer = page.getByRole('navigation', { name: 'Footer' })
  const current = footer.getByRole('link', { name: 'Gallery' })
  const other = footer.getByRole('link', { name: 'About' })
  await expect(current).toHaveAttribute('aria-current', 'page')
  await expect(footer.locator('[aria-current="page"]')).toHaveCount(1)
  // Visibly different, and not by colour alone.
  expect(await styleOf(current, 'text-decoration-line')).toBe('underline')
  expect(await styleOf(other, 'text-decoration-line')).toBe('none')
  expect(Number(await styleOf(current, 'font-weight'))).toBeGreaterThan(Number(await styleOf(other, 'font-weight')))
  // Home is current on / only, in the header too.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).not.toHaveAttribute(
    'aria-current',
    /.*/,
  )
})

test('the gallery has two columns on phones, an opaque lightbox, and thumbnails made at upload', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(phone)
  await page.goto('/gallery')
  const tiles = page.getByTestId('gallery-grid').getByRole('listitem')
  await expect(tiles.nth(1)).toBeVisible()
  const [first, second] = [(await tiles.nth(0).boundingBox())!, (await tiles.nth(1).boundingBox())!]
  expect(second.y).toBe(first.y)
  expect(second.x).toBeGreaterThan(first.x)

  await tiles.nth(0).getByRole('button').click()
  const backdrop = page.getByRole('dialog').locator('..')
  expect(await styleOf(backdrop, 'background-color')).toBe('rgb(0, 0, 0)')
  const caption = (await page.getByTestId('lightbox-title').boundingBox())!
  expect(caption.y + caption.height).toBeLessThanOrEqual(phone.height)
  expect(await isOnTop(page.getByTestId('lightbox-title'))).toBe(true)
  await page.keyboard.press('Escape')

  // A new photo's thumbnails are on disk soon after the upload, before any page asks for them.
  const token = await ownerToken(page.request)
  const png = await page.evaluate<string>(
    `(() => { const c = document.createElement('canvas'); c.width = 900; c.height = 600; const g = c.getContext('2d'); g.fillStyle = '#2a7'; g.fillRect(0, 0, 900, 600); return c.toDataURL('image/png').split(',')[1] })()`,
  )
  const upload = await page.request.post('/api/gallery/upload?folder=eager-thumbs', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { image: { name: 'field.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') } },
  })
  expect(upload.status(), await upload.text()).toBe(200)
  const id = ((await upload.json()) as { data: { public_id: string } }).data.public_id.split('/').pop()!
  const cacheDir = fileURLToPath(
    new URL(`../../.e2e-data/${new URL(baseURL!).port}/image-cache/thumb/eager-thumbs`, import.meta.url),
  )
  await expect
    .poll(
      () =>
        readdir(cacheDir).then(
          (names) => names.filter((n) => n.startsWith(id)).sort(),
          () => [],
        ),
      { timeout: 60_000 },
    )
    .toEqual([`${id}.png.avif`, `${id}.png.webp`])
  expect(path.basename(cacheDir)).toBe('eager-thumbs')
})

test('a skip link first, toolbar names that start with their text, underlined links in admin comments', async ({
  page,
}) => {
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()
  await page.keyboard.press('Tab')
  // The next stop is inside the page, not the header.
  expect(await page.evaluate<boolean>("document.querySelector('main').contains(document.activeElement)")).toBe(true)

  await asOwner(page)
  await page.goto('/admin/posts/new')
  for (const [visible, name] of [
    ['B', 'Bold'],
    ['I', 'Italic'],
    ['H1', 'H1 heading 1'],
    ['H2', 'H2 heading 2'],
    ['Quote', 'Quote'],
    ['List', 'Bulleted List'],
  ]) {
    const button = page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true })
    await expect(button).toBeVisible()
    expect((await button.innerText()).replace(/\s+/g, ' ').trim()).toContain(visible)
  }
  await page.goto('/admin/comments')
  const postLink = page.getByTestId('admin-comment').first().getByRole('link', { name: /^“/ })
  expect(await styleOf(postLink, 'text-decoration-line')).toBe('underline')
})
