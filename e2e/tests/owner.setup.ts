import { test as setup } from '@playwright/test'
import { OWNER_STATE } from '../playwright.config'
import { signInThroughLoginScreen } from './sign-in'

// Runs before the specs (the "setup" project): the owner signs in once and the specs reuse the stored session
// (support/owner-session.ts).
setup('the owner signs in once for the whole run', async ({ page }) => {
  await signInThroughLoginScreen(page)
  await page.context().storageState({ path: OWNER_STATE })
})
