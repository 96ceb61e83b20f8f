import { expect, test, type Page } from '@playwright/test'
import { asOwner } from './support/owner-session'
import { createPost, deletePost, ownerToken } from './support/owner-api'

// A failed call in the admin is said in the page (a toast, or the screen's own message with a retry), never in
// a browser alert that blocks the page until answered. Each call is made to fail by cutting its request.
const TITLE = 'Failure drills on the Silk Road'
const failCalls = (page: Page, procedure: string) =>
  page.route(new RegExp(`/trpc/[^?]*${procedure.replace('.', '\\.')}`), (route) => route.abort())

let post: { id: number; slug: string }
let token: string
test.beforeAll(async ({ request }) => {
  token = await ownerToken(request)
  post = await createPost(request, token, {
    title: TITLE,
    content: '<p>Camels and caravanserais.</p>',
    status: 'draft',
  })
})
test.afterAll(async ({ request }) => deletePost(request, token, post.id))

let alerts: string[]
test.beforeEach(async ({ page }) => {
  alerts = []
  page.on('dialog', (dialog) => {
    if (dialog.type() === 'alert') alerts.push(dialog.message())
    void dialog.accept() // the delete button's own confirmation question
  })
  await asOwner(page)
})
test.afterEach(() => expect(alerts).toEqual([]))

test('a post that cannot be deleted says so in a toast, and stays in the list', async ({ page }) => {
  await page.goto(`/admin/posts?search=${encodeURIComponent('silk road')}`)
  const row = page.getByRole('row').filter({ hasText: TITLE })
  await expect(row).toBeVisible()
  await failCalls(page, 'posts.delete')
  await row.getByRole('button', { name: `Delete ${TITLE}` }).click()
  await expect(page.getByTestId('admin-toast')).toHaveText('Failed to delete post')
  await expect(row).toBeVisible()
})

test('a save that fails says so in a toast and keeps what was typed', async ({ page }) => {
  await page.goto(`/admin/posts/edit/${post.id}`)
  const title = page.getByLabel('Title', { exact: true })
  await expect(title).toHaveValue(TITLE)
  await title.fill(`${TITLE}, revised`)
  await failCalls(page, 'posts.update')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByTestId('admin-toast')).toHaveText('Failed to update post. Please try again.')
  await expect(page).toHaveURL(new RegExp(`/admin/posts/edit/${post.id}$`))
  await expect(title).toHaveValue(`${TITLE}, revised`)

  await page.goto('/admin/posts/new')
  await page.getByLabel('Title', { exact: true }).fill('A story that will not save')
  await page.getByRole('textbox', { name: 'Content' }).click()
  await page.keyboard.type('Written while the server is away.')
  await failCalls(page, 'posts.create')
  await page.getByRole('button', { name: 'Save as Draft' }).click()
  await expect(page.getByTestId('admin-toast')).toHaveText('Failed to create post. Please try again.')
  await expect(page).toHaveURL(/\/admin\/posts\/new$/)
})

test('a post that cannot be loaded for editing says so in the page, with a retry', async ({ page }) => {
  await failCalls(page, 'posts.adminById')
  await page.goto(`/admin/posts/edit/${post.id}`)
  const failure = page.getByRole('alert').filter({ hasText: 'Failed to load post' })
  await expect(failure).toBeVisible()
  await page.unrouteAll()
  await failure.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { name: 'Edit Post' })).toBeVisible()
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(TITLE)
})
