import { test as setup } from '@playwright/test'
import { ownerState } from './support/owner-session'
import { signInThroughLoginScreen } from './sign-in'

// Runs before the specs (a setup project per server): the owner signs in once and the specs reuse the stored
// session (support/owner-session.ts).
setup('the owner signs in once for the whole run', async ({ page }) => {
  await signInThroughLoginScreen(page)
  await page.context().storageState({ path: ownerState() })
})
