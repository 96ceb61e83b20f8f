import { expect, test } from '@playwright/test'
import { owner } from '../playwright.config'
import { createPost, deletePost, ownerToken } from './support/owner-api'
import { isOnTop } from './support/dom'

// The wording of counts and states on the screens (docs/product.md): "1 view" and "1 comment", grouped thousands
// in the admin, "Signing in…", a form error that goes once the text is fixed, and where the AI button sits. It
// publishes a story of its own for a while, so it runs with the specs that change what others read.

test('texts: 1 view and 1 comment, admin numbers grouped, Signing in…, stale comment errors, AI button, gallery folder', async ({
  page,
}) => {
  const token = await ownerToken(page.request)
  const post = await createPost(page.request, token, {
    title: 'A Single Visit To Porto',
    content: '<p>One view and one comment.</p>',
    status: 'published',
  })
  try {
    await page.goto(`/blog/${post.slug}`)
    await expect(page.getByTestId('view-count')).toHaveText('1 view')
    // A stale error goes once the text is fixed (a name of spaces passes the browser's check, not ours).
    await page.getByLabel('Name *').fill('   ')
    await page.getByLabel('Email *').fill('rui@example.com')
    await page.getByLabel('Comment *').fill('Porto at dusk is worth the climb.')
    await page.getByRole('button', { name: 'Post Comment' }).click()
    const error = page.getByRole('form', { name: 'Leave a comment' }).getByRole('alert')
    await expect(error).toHaveText('Please fill in all required fields')
    await page.getByLabel('Name *').fill('Rui')
    await expect(error).toBeHidden()
    await page.getByRole('button', { name: 'Post Comment' }).click()
    await expect(page.getByText('Thank you!')).toBeVisible()

    // Signing in… with the real ellipsis while the request is under way.
    await page.route('**/trpc/auth.login**', async (route) => {
      await new Promise((r) => setTimeout(r, 800))
      await route.continue()
    })
    await page.goto('/login')
    await page.getByLabel('Email').fill(owner.email)
    await page.getByLabel('Password', { exact: true }).fill(owner.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('button', { name: 'Signing in…' })).toBeVisible()
    await expect(page).toHaveURL(/\/admin$/)
    await page.unroute('**/trpc/auth.login**')

    // The admin list: singular nouns for one, grouped digits for thousands (like the dashboard's total).
    await page.goto('/admin/posts?search=porto')
    const row = page.getByRole('row').filter({ hasText: 'A Single Visit To Porto' })
    // Views reach the database in batches (a few seconds): reload until this one is in.
    await expect
      .poll(
        async () => {
          await page.reload()
          return row.getByText('1 view', { exact: true }).isVisible()
        },
        { timeout: 30_000 },
      )
      .toBe(true)
    await expect(row.getByText('1 comment', { exact: true })).toBeVisible()
    await page.goto('/admin/posts?search=budget')
    const table = page.getByRole('table')
    await expect(table.getByText(/^\d{1,3},\d{3} views$/).first()).toBeVisible()
    await expect(table.getByText(/^\d{4,} views$/)).toHaveCount(0)

    // At 1440×900 the AI Assistant button never covers the featured image's alt field, wherever it scrolls to.
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(`/admin/posts/edit/${post.id}`)
    const alt = page.getByLabel('Alt text', { exact: true })
    await expect(alt).toBeVisible()
    for (const block of ['start', 'center', 'end'] as const) {
      // Scrolled again on each try: the form below the field may still be laying itself out (a transient cover
      // passes once it is gone; the button covering the field fails every try).
      await expect
        .poll(
          async () => {
            await alt.evaluate(
              (el: unknown, b: string) =>
                (el as { scrollIntoView(options: object): void }).scrollIntoView({ block: b }),
              block,
            )
            return isOnTop(alt)
          },
          { message: `alt field uncovered when scrolled to ${block}` },
        )
        .toBe(true)
    }
  } finally {
    await deletePost(page.request, token, post.id)
  }

  // An invalid folder clears the previous folder's photos, and its message says what is accepted.
  await page.goto('/admin/gallery')
  await expect(page.getByTestId('gallery-admin-image').first()).toBeVisible()
  await page.getByLabel('Folder').fill('not a folder!')
  await page.getByRole('button', { name: 'Load', exact: true }).click()
  await expect(page.getByTestId('gallery-notice')).toHaveText(
    'Folder names may only use letters, digits, - and _, with / between folders',
  )
  await expect(page.getByTestId('gallery-admin-image')).toHaveCount(0)
})
