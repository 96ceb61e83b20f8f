import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from '@playwright/test'
import { baseURL } from '../../playwright.config'
import { signInAsOwner } from '../sign-in'

const stateFile = fileURLToPath(
  new URL(`../../../test-results/owner-state-${new URL(baseURL).port}.json`, import.meta.url),
)
let signedIn: Promise<string> | undefined

/**
 * A storageState file of a signed-in owner (the session lives in localStorage), made once per worker through
 * the login screen and reused by every browser context that needs the admin.
 */
export function ownerStorageState(browser: Browser): Promise<string> {
  signedIn ??= (async () => {
    mkdirSync(path.dirname(stateFile), { recursive: true })
    const context = await browser.newContext({ baseURL })
    const page = await context.newPage()
    await signInAsOwner(page)
    await context.storageState({ path: stateFile })
    await context.close()
    return stateFile
  })()
  return signedIn
}
