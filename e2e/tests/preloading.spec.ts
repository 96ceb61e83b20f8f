import { expect, test } from '@playwright/test'

// Browser-side expressions are strings: this package is type-checked without the DOM library.
const watchForLoadingStates = `(() => {
  window.__loadingSeen = false
  new MutationObserver(() => {
    if (document.querySelector('[aria-busy="true"]')) window.__loadingSeen = true
  }).observe(document.body, { childList: true, subtree: true, attributes: true })
})()`

test('hovering a story card preloads the story, so opening it shows no loading skeleton', async ({ page }) => {
  await page.goto('/blog')
  const card = page.getByTestId('post-card').filter({ hasText: 'A Night in the Sahara' })
  await expect(card).toBeVisible()

  const story = page.waitForResponse((r) => /\/trpc\/[^?]*posts\.story/.test(r.url()) && r.ok())
  const comments = page.waitForResponse((r) => /\/trpc\/[^?]*comments\.forPost/.test(r.url()) && r.ok())
  await card.hover()
  await Promise.all([story, comments])

  // From here on the story can only come from what the hover loaded: a new request for it would never be answered.
  await page.route(/\/trpc\/[^?]*(posts\.story|comments\.forPost)/, () => {})
  await page.evaluate(watchForLoadingStates)
  const counted = page.waitForResponse((r) => /\/trpc\/[^?]*posts\.recordView/.test(r.url()) && r.ok())
  await card.click()

  await expect(page).toHaveURL(/\/blog\/a-night-in-the-sahara$/)
  await expect(page.getByRole('heading', { level: 1, name: 'A Night in the Sahara' })).toBeVisible()
  await expect(page.getByTestId('post-body').getByRole('heading', { name: 'Into the dunes' })).toBeVisible()
  await expect(
    page
      .getByRole('list', { name: 'Comments' })
      .or(page.getByText('No comments yet. Be the first to share your thoughts!')),
  ).toBeVisible()
  expect(await page.evaluate<boolean>('window.__loadingSeen')).toBe(false)
  // Hovering counted nothing; showing the story counted one view.
  await counted
})

test('hovering does not count a view; reading the story does', async ({ page, request }) => {
  const views = async () =>
    (
      (await (await request.get('/api/posts?limit=100')).json()) as { data: { slug: string; view_count: number }[] }
    ).data.find((p) => p.slug === 'a-night-in-the-sahara')!.view_count
  await page.goto('/blog')
  const before = await views()
  const card = page.getByTestId('post-card').filter({ hasText: 'A Night in the Sahara' })
  const story = page.waitForResponse((r) => /\/trpc\/[^?]*posts\.story/.test(r.url()) && r.ok())
  await card.hover()
  await story
  expect(await views()).toBe(before)
  await card.click()
  await expect(page.getByRole('heading', { level: 1, name: 'A Night in the Sahara' })).toBeVisible()
  await expect.poll(views).toBe(before + 1)
})

test('a story opened from its address paints from the data in the page: no request for the story, no loading skeleton', async ({
  page,
}) => {
  const storyRequests: string[] = []
  page.on('request', (r) => {
    if (/\/trpc\/[^?]*posts\.story/.test(r.url())) storyRequests.push(r.url())
  })
  await page.addInitScript(
    `document.addEventListener('DOMContentLoaded', ${watchForLoadingStates.replace(/^\(|\)\(\)$/g, '')})`,
  )
  await page.goto('/blog/a-night-in-the-sahara')
  await expect(page.getByRole('heading', { level: 1, name: 'A Night in the Sahara' })).toBeVisible()
  await expect(page.getByTestId('post-body').getByRole('heading', { name: 'Into the dunes' })).toBeVisible()
  expect(storyRequests).toEqual([])
  expect(await page.evaluate<boolean>('window.__loadingSeen')).toBe(false)
})
