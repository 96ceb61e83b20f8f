import { expect, type Page } from '@playwright/test'
import { owner } from '../playwright.config'

/** Signs the owner in through the login screen and waits for the dashboard (a session of its own). */
export async function signInThroughLoginScreen(page: Page): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('Email').fill(owner.email)
  await page.getByLabel('Password', { exact: true }).fill(owner.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/admin$/)
}
