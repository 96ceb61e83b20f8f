import { expect, test, type Page } from '@playwright/test'
import { ownerStateFor } from '../../playwright.config'

/** The owner's stored session on the server this test's project runs against. */
export const ownerState = (): string => ownerStateFor(test.info().project.use.baseURL!)

/**
 * Opens the dashboard as the owner with the session the setup project stored (owner.setup.ts signs in through
 * the login screen once per run): no sign-in per test. The session lives in localStorage, so a test that signs
 * out must sign in on its own (signInThroughLoginScreen) instead, or it would end this shared session.
 */
export async function asOwner(page: Page): Promise<void> {
  await page.context().setStorageState(ownerState())
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin$/)
}
