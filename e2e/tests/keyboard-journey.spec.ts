import { expect, test, type Page } from '@playwright/test'
import { owner } from '../playwright.config'
import { fakeYouTubePlayer } from './support/screen-checks'
import { expectVisibleFocus, tabTo } from './support/keyboard'
import { deletePost, ownerToken } from './support/owner-api'

// The whole journey with the keyboard alone: Home, the blog's search, a story and its comment form, the map, the
// gallery, a video, then the owner writing a story and moderating the comment. Nothing here clicks; page.goto
// stands for typing an address into the browser's address bar. Every stop shows where the focus is (tabTo and
// expectVisibleFocus check a ring or an outline drawn on screen, not only the :focus state).

const mainNav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true })
const zoomOf = async (page: Page) => Number(await page.getByTestId('world-map').getAttribute('data-zoom'))
const SEARCHED = 'Photographing the Northern Lights'

const STORY = `Keyboard Journey Through Lisbon ${Date.now()}`
const COMMENT = `Read it all without touching the mouse, lovely trams (${Date.now()}).`

test('a visitor and then the owner use the site with the keyboard only', async ({ page }) => {
  // Several hundred key presses, each followed by a look at what has the focus.
  test.setTimeout(420_000)
  await fakeYouTubePlayer(page)

  // The visitor starts on Home: the skip link, then the first story card.
  await page.goto('/')
  await expect(page.getByTestId('post-card').first()).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  await page.keyboard.press('Enter')
  await tabTo(page, page.getByTestId('post-card').first().getByRole('link'))

  // The blog: search for a story, open its card.
  await tabTo(page, mainNav(page, 'Blog'), { backwards: true })
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Travel Stories' })).toBeVisible()
  const search = page.getByRole('searchbox', { name: 'Search stories' })
  await tabTo(page, search)
  await page.keyboard.type('northern lights')
  await expect(page.getByTestId('result-count')).toHaveText(/^[1-9]\d* (story|stories) found$/)
  // A card's link is named by its title first, so the list of links reads as the list of stories.
  const card = page.getByTestId('post-card').getByRole('link', { name: new RegExp(`^${SEARCHED}`) })
  await tabTo(page, card)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: SEARCHED })).toBeVisible()

  // …and leaves a comment under it.
  const form = page.getByRole('form', { name: 'Leave a comment' })
  await tabTo(page, form.getByLabel('Name *'))
  await page.keyboard.type('Keyboard Visitor')
  await page.keyboard.press('Tab')
  await expectVisibleFocus(form.getByLabel('Email *'))
  await page.keyboard.type('keys@example.com')
  await tabTo(page, form.getByLabel('Comment *'))
  await page.keyboard.type(COMMENT)
  await tabTo(page, form.getByRole('button', { name: 'Post Comment' }))
  await page.keyboard.press('Enter')
  await expect(
    page.getByText('Thank you! Your comment has been submitted and will be reviewed before being published.'),
  ).toBeVisible()

  // The map: Enter on a cluster zooms in there and the map keeps the focus (the cluster's button is gone).
  await page.keyboard.press('Shift+Tab')
  await tabTo(page, mainNav(page, 'Map'), { backwards: true })
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible()
  const cluster = page.getByRole('button', { name: /places here: .*Zoom in$/ }).first()
  await tabTo(page, cluster)
  await page.keyboard.press('Enter')
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(2)
  await expectVisibleFocus(page.getByTestId('world-map'))
  // A story's marker opens its card with the focus in it; Escape closes it and gives the marker the focus back.
  await page.goto('/map?lat=67.93&lng=13.09&zoom=10')
  const marker = page.getByRole('button', { name: 'Story: Our Drone Setup for Travel Filmmaking' })
  await tabTo(page, marker)
  await page.keyboard.press('Enter')
  const storyCard = page.getByRole('dialog', { name: 'Our Drone Setup for Travel Filmmaking' })
  await expect(storyCard).toBeFocused()
  await tabTo(page, storyCard.getByRole('link').first())
  await page.keyboard.press('Escape')
  await expect(storyCard).toHaveCount(0)
  await expectVisibleFocus(marker)

  // The gallery: open a photo, step to the next one, close it; focus comes back to the photo.
  await tabTo(page, mainNav(page, 'Gallery'), { backwards: true })
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
  await expectVisibleFocus(photo)

  // A video on the home page: open the player, close it with Escape.
  await tabTo(page, mainNav(page, 'Home'), { backwards: true })
  await page.keyboard.press('Enter')
  const video = page.getByTestId('video-card').first()
  await tabTo(page, video, { max: 200 })
  await page.keyboard.press('Enter')
  const player = page.getByRole('dialog', { name: 'Video player' })
  await expect(player).toBeVisible()
  await expect(page.getByRole('button', { name: 'Close video' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(player).toBeHidden()
  await expectVisibleFocus(video)

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

  // …approves the visitor's comment, then deletes it. Each button names whose comment it acts on, and the focus
  // stays in the queue after each action (the button pressed is gone) instead of dropping back to the page.
  await tabTo(page, page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Comments' }), {
    backwards: true,
  })
  await page.keyboard.press('Enter')
  const pending = page.getByTestId('admin-comment').filter({ hasText: COMMENT })
  await expect(pending.getByTestId('comment-status')).toHaveText('pending')
  await tabTo(page, pending.getByRole('button', { name: 'Approve comment by Keyboard Visitor' }), { max: 300 })
  await page.keyboard.press('Enter')
  await expect(pending.getByTestId('comment-status')).toHaveText('approved')
  await expect(page.getByTestId('admin-toast')).toHaveText('Comment approved')
  const remove = pending.getByRole('button', { name: 'Delete comment by Keyboard Visitor' })
  await expectVisibleFocus(remove)
  page.once('dialog', (dialog) => void dialog.accept())
  await page.keyboard.press('Enter')
  await expect(pending).toHaveCount(0)
  // The row that took its place has the focus, on its first action.
  await expectVisibleFocus(page.getByTestId('admin-comment').locator('[data-row-actions] button:focus'))

  // The story is public now.
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
