import { expect, type Locator, type Page } from '@playwright/test'
import { focusNow, hasFocus, showsFocus } from './dom'

// A ring may fade in (a CSS transition on its shadow): each check is asked again until it is drawn, so only a focus
// that never shows fails.

/** The element has the focus and shows it on screen (an outline or a ring, not only the :focus state). */
export async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused()
  const name = await target.evaluate((el: unknown) => (el as { outerHTML: string }).outerHTML.slice(0, 120))
  await expect.poll(() => showsFocus(target), { message: `no visible focus on ${name}` }).toBe(true)
}

/** Whatever has the focus shows it; nothing to check while the page itself or a frame has it. */
async function expectFocusShownWherever(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const focus = await focusNow(page)
      return !focus || focus.shows ? 'shown' : `no visible focus on ${focus.element}`
    })
    .toBe('shown')
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
