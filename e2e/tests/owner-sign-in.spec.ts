import { expect, test, type Page } from '@playwright/test'
import { owner } from '../playwright.config'
import { signInThroughLoginScreen as signIn } from './sign-in'

const adminRoutes = [
  '/admin',
  '/admin/posts',
  '/admin/posts/new',
  '/admin/posts/edit/1',
  '/admin/comments',
  '/admin/settings',
  '/admin/gallery',
  '/admin/messages',
  '/admin/subscribers',
]

// The e2e project has no DOM types: read the browser's storage through string expressions.
const storedSession = (page: Page) =>
  page.evaluate<[string | null, string | null]>("[localStorage.getItem('authToken'), localStorage.getItem('user')]")

test('a signed-out visit to each admin route lands on /login', async ({ page }) => {
  for (const path of adminRoutes) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
    await expect(page).toHaveTitle('Admin Login | Wayfarer')
  }
})

test('the owner signs in after a wrong password, sees the admin layout, and logs out', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByText('Sign in to access the admin dashboard')).toBeVisible()
  await expect(page.getByText('Protected admin area')).toBeVisible()
  await page.getByLabel('Email').fill(owner.email)
  const password = page.getByLabel('Password', { exact: true })
  await password.fill('not-the-password')
  await expect(password).toHaveAttribute('type', 'password')
  await page.getByRole('button', { name: 'Show password' }).click()
  await expect(password).toHaveAttribute('type', 'text')
  await page.getByRole('button', { name: 'Hide password' }).click()
  await expect(password).toHaveAttribute('type', 'password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
  await expect(page).toHaveURL(/\/login$/)

  await password.fill(owner.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByText(`Welcome, ${owner.email}`)).toBeVisible()
  await expect(page.getByTestId('admin-sidebar-footer')).toHaveText('Wayfarer')
  const nav = page.getByRole('navigation', { name: 'Admin' })
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
  expect((await storedSession(page)).map((item) => item !== null)).toEqual([true, true])

  // The session survives a reload (restored from localStorage).
  await page.reload()
  await expect(page.getByText(`Welcome, ${owner.email}`)).toBeVisible()

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await storedSession(page)).toEqual([null, null])
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/login$/)
})

test('a session the server no longer accepts signs the owner out and returns to /login', async ({ page }) => {
  await signIn(page)
  const [token] = await storedSession(page)
  // Revoke the session behind the page's back, then make the page talk to the server.
  const revoked = await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } })
  expect(revoked.status()).toBe(200)
  await page.reload()
  await expect(page).toHaveURL(/\/login$/)
  expect(await storedSession(page)).toEqual([null, null])
})

test('a stored user that does not parse clears the session', async ({ page }) => {
  await page.goto('/login')
  await page.evaluate("localStorage.setItem('authToken', 'abc'); localStorage.setItem('user', '{not json')")
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/login$/)
  expect(await storedSession(page)).toEqual([null, null])
})
