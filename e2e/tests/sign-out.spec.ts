import { expect, test } from '@playwright/test'
import { signInThroughLoginScreen } from './sign-in'

test('Logout also ends the session on the server, so the old token is refused', async ({ page, request }) => {
  await signInThroughLoginScreen(page)
  const token = await page.evaluate<string | null>("localStorage.getItem('authToken')")
  expect(token).not.toBeNull()
  const me = () => request.get('/trpc/auth.me', { headers: { authorization: `Bearer ${token}` } })
  expect((await me()).status()).toBe(200)

  const revoked = page.waitForResponse((r) => /\/trpc\/[^?]*auth\.logout/.test(r.url()))
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect((await revoked).status()).toBe(200)
  expect((await me()).status()).toBe(401)
})
