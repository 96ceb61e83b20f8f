import { expect, test, type Locator, type Page } from '@playwright/test'
import { owner } from '../playwright.config'
import { fakeYouTubePlayer } from './support/screen-checks'
import { hasFocus, showsFocus } from './support/dom'
import { deletePost, ownerToken } from './support/owner-api'

// The whole journey with the keyboard alone. Nothing here clicks; page.goto stands for
// typing an address into the browser's address bar.

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would, and checks that every stop on
 * the way shows where the focus is: an outline or a ring drawn on screen, not only the :focus state.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 120 } = {}): Promise<void> {
  await expect(target).toBeAttached()
  for (let i = 0; i < max; i++) {
    if (await hasFocus(target)) {
      await expectVisibleFocus(page)
      return
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    await expectVisibleFocus(page)
  }
  throw new Error(`Tab never reached ${target}`)
}

async function expectVisibleFocus(page: Page): Promise<void> {
  const focused = page.locator(':focus')
  if ((await focused.count()) === 0) return // the focus is on the page itself or in a frame
  const name = await focused.evaluate((el: unknown) => (el as { outerHTML: string }).outerHTML.slice(0, 120))
  expect(await showsFocus(focused), `no visible focus on ${name}`).toBe(true)
}

const STORY = `Keyboard Journey Through Lisbon ${Date.now()}`
const COMMENT = `Read it all without touching the mouse, lovely trams (${Date.now()}).`

test('a visitor and then the owner use the site with the keyboard only', async ({ page }) => {
  test.setTimeout(180_000)
  await fakeYouTubePlayer(page)

  // The visitor reads the newest story: skip link, then the first story card.
  await page.goto('/')
  await expect(page.getByTestId('post-card').first()).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  await page.keyboard.press('Enter')
  const firstStory = page.getByTestId('post-card').first().getByRole('link')
  const storyTitle = (await firstStory.getByRole('heading').innerText()).trim()
  await tabTo(page, firstStory)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: storyTitle })).toBeVisible()

  // …and leaves a comment under it.
  const form = page.getByRole('form', { name: 'Leave a comment' })
  await tabTo(page, form.getByLabel('Name *'))
  await page.keyboard.type('Keyboard Visitor')
  await page.keyboard.press('Tab')
  await expect(form.getByLabel('Email *')).toBeFocused()
  await page.keyboard.type('keys@example.com')
  await tabTo(page, form.getByLabel('Comment *'))
  await page.keyboard.type(COMMENT)
  await tabTo(page, form.getByRole('button', { name: 'Post Comment' }))
  await page.keyboard.press('Enter')
  await expect(
    page.getByText('Thank you! Your comment has been submitted and will be reviewed before being published.'),
  ).toBeVisible()

  // The gallery: open a photo, step to the next one, close it; focus comes back to the photo.
  await page.keyboard.press('Shift+Tab')
  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }), {
    backwards: true,
  })
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Photo Gallery' })).toBeVisible()
  const photo = page.getByTestId('gallery-grid').getByRole('button').first()
  await tabTo(page, photo)
  await page.keyboard.press('Enter')
  const lightbox = page.getByRole('dialog')
  await expect(lightbox).toBeVisible()
  await expect(page.getByTestId('lightbox-counter')).toHaveText(/^1 \/ \d+$/)
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('lightbox-counter')).toHaveText(/^2 \/ \d+$/)
  await page.keyboard.press('Escape')
  await expect(lightbox).toBeHidden()
  await expect(photo).toBeFocused()

  // A video on the home page: open the player, close it with Escape.
  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }), {
    backwards: true,
  })
  await page.keyboard.press('Enter')
  const video = page.getByTestId('video-card').first()
  await tabTo(page, video, { max: 200 })
  await page.keyboard.press('Enter')
  const player = page.getByRole('dialog', { name: 'Video player' })
  await expect(player).toBeVisible()
  await expect(page.getByRole('button', { name: 'Close video' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(player).toBeHidden()
  await expect(video).toBeFocused()

  // The owner signs in: the e-mail field already has the cursor.
  await page.goto('/login')
  await expect(page.getByLabel('Email')).toBeFocused()
  await page.keyboard.type(owner.email)
  await page.keyboard.press('Tab')
  await page.keyboard.type(owner.password)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()

  // …writes a story with a heading, and publishes it.
  await tabTo(page, page.getByRole('link', { name: 'Create New Post' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Create New Post' })).toBeVisible()
  await tabTo(page, page.getByLabel('Title', { exact: true }))
  await page.keyboard.type(STORY)
  const content = page.getByRole('textbox', { name: 'Content' })
  await tabTo(page, content)
  await page.keyboard.type('Tram 28 climbs through Alfama before the city wakes up.')
  await page.keyboard.press('Enter')
  await tabTo(page, page.getByRole('button', { name: 'H2 heading 2' }), { backwards: true })
  await page.keyboard.press('Enter')
  await expect(content).toBeFocused()
  await page.keyboard.type('Miradouros')
  await expect(content.getByRole('heading', { level: 2, name: 'Miradouros' })).toBeVisible()
  await tabTo(page, page.getByRole('button', { name: 'Publish Now' }))
  await page.keyboard.press('Enter')
  // The first save stays in the editor.
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/)
  await expect(page.getByTestId('admin-toast')).toHaveText(`“${STORY}” is published`)

  // …and approves the visitor's comment.
  await tabTo(page, page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Comments' }), {
    backwards: true,
  })
  await page.keyboard.press('Enter')
  const pending = page.getByTestId('admin-comment').filter({ hasText: COMMENT })
  await expect(pending.getByTestId('comment-status')).toHaveText('pending')
  await tabTo(page, pending.getByRole('button', { name: 'Approve' }), { max: 300 })
  await page.keyboard.press('Enter')
  await expect(pending.getByTestId('comment-status')).toHaveText('approved')
  await expect(page.getByTestId('admin-toast')).toHaveText('Comment approved')

  // Both are public now.
  await page.goto('/blog')
  await expect(page.getByRole('heading', { name: STORY })).toBeVisible()

  // Leave the demo site as it was for the other specs (they count the published stories).
  const token = await ownerToken(page.request)
  const found = (await (
    await page.request.get(`/api/posts/admin?search=${encodeURIComponent(STORY)}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as {
    data: { id: number }[]
  }
  for (const post of found.data) await deletePost(page.request, token, post.id)
})
