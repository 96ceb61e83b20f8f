import { expect, type Locator, type Page } from '@playwright/test'
import { focusAt, focusNow, showsFocus } from './dom'

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
 * the way shows where the focus is: an outline or a ring drawn on screen, not only the :focus state. Each stop is
 * one read of the page (where the focus is and whether it shows) besides the key press; only a ring that is not
 * drawn yet is asked for again.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 150 } = {}): Promise<void> {
  await expect(target).toBeAttached()
  for (let i = 0; i <= max; i++) {
    const state = await focusAt(target)
    // Where the focus was before the first press is not a stop of this walk (a skip link's target, say), unless it
    // is the target itself.
    const stop = i > 0 || state?.here
    if (stop && state?.focus && !state.focus.shows) await expectFocusShownWherever(page)
    if (state?.here) return
    if (i < max) await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`Tab never reached ${target}`)
}
