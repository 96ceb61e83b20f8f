import { expect, test, type Locator, type Page } from '@playwright/test'
import { asOwner } from './support/owner-session'

// Browser-side expressions are strings: this package is type-checked without the DOM library.
const focusInDialog = (page: Page) =>
  page.evaluate<boolean>(
    "(() => { const d = document.querySelector('[role=dialog]'); return !!d && d.contains(document.activeElement) })()",
  )

/**
 * The keyboard contract every dialog shares (the Dialog of packages/ui): opened from the keyboard it takes focus,
 * Tab and Shift+Tab stay inside it, Escape closes it, and focus goes back to the control that opened it.
 */
async function expectKeyboardDialog(
  page: Page,
  opener: Locator,
  closeName: string,
  ready: (dialog: Locator) => Promise<void> = async () => {},
) {
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect.poll(() => focusInDialog(page)).toBe(true)
  await ready(dialog)
  for (const key of [
    'Tab',
    'Tab',
    'Tab',
    'Tab',
    'Tab',
    'Shift+Tab',
    'Shift+Tab',
    'Shift+Tab',
    'Shift+Tab',
    'Shift+Tab',
  ]) {
    await page.keyboard.press(key)
    // Polled: Tab into or out of the player's frame (another renderer process) hands focus over asynchronously, and
    // for that moment the page's active element is the body.
    await expect.poll(() => focusInDialog(page), { message: `focus inside the dialog after ${key}` }).toBe(true)
  }
  // Escape is pressed on the dialog's own close control (an embedded player keeps its own keys).
  const close = dialog.getByRole('button', { name: closeName, exact: true })
  const onClose = () =>
    page.evaluate<boolean>(
      `(() => { const a = document.activeElement; return !!a && !!a.closest('[role=dialog]') && a.getAttribute('aria-label') === ${JSON.stringify(closeName)} })()`,
    )
  for (let i = 0; i < 12 && !(await onClose()); i++) await page.keyboard.press('Tab')
  await expect(close).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
}

test('the video player keeps the keyboard inside, closes on Escape and gives focus back', async ({ page }) => {
  // A stand-in for YouTube's player with a control of its own, so Tab also has to come back out of the frame.
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><button>Play</button>' }),
  )
  await page.goto('/')
  const card = page.getByTestId('video-card').first()
  await card.scrollIntoViewIfNeeded()
  // Chromium's Tab passes over a frame whose page is still loading and leaves the document for a moment (the
  // dialog brings focus back); a visitor tabs through a player that has loaded.
  await expectKeyboardDialog(page, card, 'Close video', async (dialog) => {
    await expect(dialog.getByTestId('video-loading')).toBeHidden()
  })
})

test('the gallery lightbox keeps the keyboard inside, closes on Escape and gives focus back', async ({ page }) => {
  await page.goto('/gallery')
  const photo = page.getByTestId('gallery-grid').getByRole('button').first()
  await photo.scrollIntoViewIfNeeded()
  await expectKeyboardDialog(page, photo, 'Close')
})

test('the admin image preview keeps the keyboard inside, closes on Escape and gives focus back', async ({ page }) => {
  await asOwner(page)
  await page.goto('/admin/gallery')
  const preview = page
    .getByTestId('gallery-admin-image')
    .first()
    .getByRole('button', { name: /^Preview / })
  await expectKeyboardDialog(page, preview, 'Close preview')
})

test('the admin menu on a phone is a dialog with its own close button, and the same keyboard rules', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await asOwner(page)
  const opener = page.getByRole('button', { name: 'Open menu' })
  await expectKeyboardDialog(page, opener, 'Close menu')
  // The close button inside the menu closes it too (the slide-over used to cover the only way out).
  await opener.click()
  const menu = page.getByRole('dialog', { name: 'Admin menu' })
  await menu.getByRole('button', { name: 'Close menu' }).click()
  await expect(menu).toBeHidden()
  await opener.click()
  await menu.getByRole('link', { name: 'Posts' }).click()
  await expect(page).toHaveURL(/\/admin\/posts$/)
  await expect(menu).toBeHidden()
})

test('Escape closes the public mobile menu and focus goes back to its button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/')
  const toggle = page.getByRole('button', { name: 'Open menu' })
  await toggle.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('navigation', { name: 'Mobile' })
  await expect(menu).toBeVisible()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()
})
