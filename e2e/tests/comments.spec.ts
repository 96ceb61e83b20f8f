import { expect, test, type Page } from '@playwright/test'
import { asOwner } from './support/owner-session'

// Moderation calls go through tRPC (batched): /trpc/comments.moderate?batch=1, /trpc/comments.moderateBulk?batch=1.
const moderateCall = /\/trpc\/[^?]*comments\.moderate\b(?!Bulk)/
const bulkCall = /\/trpc\/[^?]*comments\.moderateBulk/

/** Holds matching requests until release() so the test can look at the page while they are in flight. */
async function hold(page: Page, pattern: RegExp, answer: 'continue' | 'fail') {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(pattern, async (route) => {
    await released
    if (answer === 'continue') await route.continue()
    else await route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' })
  })
  return release
}

const row = (page: Page, text: string) => page.getByTestId('admin-comment').filter({ hasText: text })
// Demo comments repeat across posts, so seeded rows are told apart by id.
const rowById = (page: Page, id: string) => page.locator(`[data-testid="admin-comment"][data-comment-id="${id}"]`)
const idOf = async (page: Page, index: number) =>
  (await page.getByTestId('admin-comment').nth(index).getAttribute('data-comment-id'))!
const tileValue = async (page: Page, key: string) => Number(await page.getByTestId(`count-${key}`).innerText())

test('a visitor comment is moderated optimistically and then shown on the post', async ({ page, request }) => {
  const posts = (await (await request.get('/api/posts?limit=1')).json()) as { data: { slug: string; title: string }[] }
  const post = posts.data[0]!
  const content = `Loved this story, the photos are stunning! (${Date.now()})`

  // The visitor writes a comment.
  await page.goto(`/blog/${post.slug}`)
  const form = page.getByRole('form', { name: 'Leave a comment' })
  await form.getByLabel('Name *').fill('Playwright Visitor')
  await form.getByLabel('Email *').fill('visitor@example.com')
  await expect(form.getByLabel('Email *')).toHaveAttribute('type', 'email')
  const textarea = form.getByLabel('Comment *')
  await textarea.fill('Too short')
  await expect(form.getByText('9/2000 characters')).toBeVisible()
  await expect(form.getByRole('button', { name: 'Post Comment' })).toBeDisabled()
  await textarea.fill(content)
  await expect(form.getByText(`${content.length}/2000 characters`)).toBeVisible()
  await form.getByRole('button', { name: 'Post Comment' }).click()
  await expect(
    page.getByText('Thank you! Your comment has been submitted and will be reviewed before being published.'),
  ).toBeVisible()
  await expect(page.getByTestId('comment').filter({ hasText: content })).toHaveCount(0) // pending: not public yet
  await page.getByRole('button', { name: 'Leave another comment' }).click()
  await expect(page.getByRole('form', { name: 'Leave a comment' })).toBeVisible()

  // The owner approves it; the row and the tiles change while the server has not answered yet.
  await asOwner(page)
  await page.goto('/admin/comments?status=pending')
  await expect(row(page, content)).toHaveCount(1)
  await expect(row(page, content)).toContainText(post.title)
  const pendingBefore = await tileValue(page, 'pending')
  const approvedBefore = await tileValue(page, 'approved')

  const release = await hold(page, moderateCall, 'continue')
  const sent = page.waitForRequest(moderateCall)
  await row(page, content).getByRole('button', { name: 'Approve' }).click()
  await sent
  await expect(row(page, content).getByTestId('comment-status')).toHaveText('approved')
  await expect(row(page, content).getByRole('button', { name: 'Re-approve' })).toBeVisible()
  await expect(page.getByTestId('count-pending')).toHaveText(String(pendingBefore - 1))
  await expect(page.getByTestId('count-approved')).toHaveText(String(approvedBefore + 1))
  const answered = page.waitForResponse(moderateCall)
  release()
  expect((await answered).status()).toBe(200)
  await page.unroute(moderateCall)

  // The visitor now sees it on the post.
  await page.goto(`/blog/${post.slug}`)
  await expect(page.getByTestId('comment').filter({ hasText: content })).toBeVisible()
})

test('the owner marks two comments as spam at once', async ({ page }) => {
  await asOwner(page)
  await page.goto('/admin/comments?status=pending')
  const rows = page.getByTestId('admin-comment')
  await expect(rows.first()).toBeVisible()
  const picked = [await idOf(page, 0), await idOf(page, 1)]
  const spamBefore = await tileValue(page, 'spam')

  await rows.nth(0).getByRole('checkbox').check()
  await rows.nth(1).getByRole('checkbox').check()
  await expect(page.getByText('2 selected')).toBeVisible()
  const answered = page.waitForResponse(bulkCall)
  await page.getByRole('button', { name: 'Spam selected' }).click()
  expect((await answered).status()).toBe(200)
  await expect(page.getByTestId('count-spam')).toHaveText(String(spamBefore + 2))

  await page.getByLabel('Status').selectOption('spam')
  await expect(page).toHaveURL(/status=spam/)
  for (const id of picked) await expect(rowById(page, id).getByTestId('comment-status')).toHaveText('spam')
})

test('a refused moderation rolls the optimistic change back and says so', async ({ page }) => {
  await asOwner(page)
  await page.goto('/admin/comments?status=pending')
  await expect(page.getByTestId('admin-comment').first()).toBeVisible()
  const target = rowById(page, await idOf(page, 0))
  const pendingBefore = await tileValue(page, 'pending')

  const release = await hold(page, moderateCall, 'fail')
  const sent = page.waitForRequest(moderateCall)
  await target.getByRole('button', { name: 'Deny' }).click()
  await sent
  await expect(target.getByTestId('comment-status')).toHaveText('denied')
  await expect(page.getByTestId('count-pending')).toHaveText(String(pendingBefore - 1))
  release()

  await expect(page.getByRole('alert')).toHaveText(/Failed to moderate comment/)
  await expect(target.getByTestId('comment-status')).toHaveText('pending')
  await expect(target.getByRole('button', { name: 'Approve' })).toBeVisible()
  await expect(page.getByTestId('count-pending')).toHaveText(String(pendingBefore))
})

test('deleting asks the documented confirmation; cancel keeps the comment, OK removes it for good', async ({
  page,
}) => {
  await asOwner(page)
  await page.goto('/admin/comments')
  await expect(page.getByTestId('admin-comment').first()).toBeVisible()
  const target = rowById(page, await idOf(page, 0))
  const totalBefore = await tileValue(page, 'total')
  const confirmations: string[] = []

  page.once('dialog', (dialog) => {
    confirmations.push(dialog.message())
    void dialog.dismiss()
  })
  await target.getByRole('button', { name: 'Delete' }).click()
  await expect(target).toBeVisible()

  page.once('dialog', (dialog) => {
    confirmations.push(dialog.message())
    void dialog.accept()
  })
  const answered = page.waitForResponse(/\/trpc\/[^?]*comments\.delete/)
  await target.getByRole('button', { name: 'Delete' }).click()
  await expect(target).toHaveCount(0)
  expect((await answered).status()).toBe(200)
  await expect(page.getByTestId('count-total')).toHaveText(String(totalBefore - 1))
  expect(confirmations).toEqual(
    Array(2).fill('Are you sure you want to delete this comment? This action cannot be undone.'),
  )
  await page.reload()
  await expect(page.getByTestId('admin-comment').first()).toBeVisible()
  await expect(target).toHaveCount(0)
})
