import { expect, type Locator, type Page } from '@playwright/test'
import { focusNow, hasFocus, showsFocus } from './dom'

/** The element has the focus and shows it on screen (an outline or a ring, not only the :focus state). */
export async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused()
  const name = await target.evaluate((el: unknown) => (el as { outerHTML: string }).outerHTML.slice(0, 120))
  expect(await showsFocus(target), `no visible focus on ${name}`).toBe(true)
}

/** Whatever has the focus shows it; nothing to check while the page itself or a frame has it. */
async function expectFocusShownWherever(page: Page): Promise<void> {
  const focus = await focusNow(page)
  if (focus) expect(focus.shows, `no visible focus on ${focus.element}`).toBe(true)
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would, and checks that every stop on
 * the way shows where the focus is: an outline or a ring drawn on screen, not only the :focus state.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 150 } = {}): Promise<void> {
  await expect(target).toBeAttached()
  for (let i = 0; i < max; i++) {
    if (await hasFocus(target)) {
      await expectFocusShownWherever(page)
      return
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    await expectFocusShownWherever(page)
  }
  throw new Error(`Tab never reached ${target}`)
}
