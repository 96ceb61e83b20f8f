import { expect, test } from '@playwright/test'
import { messages } from '@wayfarer/api/messages'
import { deletePost, ownerToken } from './support/owner-api'
import { ownerState } from './support/owner-session'
import { tabTo } from './support/keyboard'
import { checkScreen } from './support/screen-checks'

// Building a trip in the admin (docs/trips.md), with the keyboard alone: the form's refusals next to their fields,
// then "Add day". It adds a draft trip and a draft story while it runs, so it runs with the specs that change what
// others read (the screens tour takes the newest draft for its preview screen); it removes both at the end.

const ASIA = 'Six Weeks Across Asia'

test.describe('building a trip in the admin', () => {
  for (const width of [390, 1440]) {
    test(`at ${width} px: create a trip, its refusals next to the fields, then add a day`, async ({ browser }) => {
      // Two axe runs and every Tab stop checked for a visible focus.
      test.setTimeout(180_000)
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        storageState: ownerState(),
      })
      const page = await context.newPage()
      const title = `Keyboard Trip ${width} ${Date.now()}`
      await page.goto('/admin/trips')
      await expect(page.getByTestId('admin-trips')).toContainText(ASIA)
      await checkScreen(page, `admin trips at ${width}px`)
      await tabTo(page, page.getByRole('link', { name: 'New trip' }))
      await page.keyboard.press('Enter')
      await expect(page.getByLabel('Title')).toBeVisible()

      await tabTo(page, page.getByLabel('Title'))
      await page.keyboard.type(title)
      await page.keyboard.press('Tab')
      await page.keyboard.type('six-weeks-across-asia') // taken: the server says so
      await tabTo(page, page.getByLabel('Start date'))
      await page.keyboard.type('03122026')
      // Tab walks through a date field's month, day and year first.
      await tabTo(page, page.getByLabel('End date'))
      await page.keyboard.type('03012026') // before the start: refused in the browser, in the server's words
      await tabTo(page, page.getByLabel('Time zone'))
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.type('Asia/Kathmandu')
      const create = page.getByRole('button', { name: 'Create trip' })
      await tabTo(page, create)
      await page.keyboard.press('Enter')
      await expect(page.getByTestId('trip-end-date-error')).toHaveText(messages.trips.endBeforeStart)
      await expect(page.getByLabel('End date')).toBeFocused()
      await page.keyboard.type('03202026')
      await tabTo(page, create)
      await page.keyboard.press('Enter')
      await expect(page.getByTestId('trip-slug-error')).toHaveText(messages.trips.slugTaken)
      await expect(page.getByLabel('Address')).toBeFocused()
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.press('Backspace')
      await checkScreen(page, `trip editor with a refusal at ${width}px`)
      await tabTo(page, create)
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/admin\/trips\/edit\/\d+$/)
      const tripId = Number(page.url().split('/').pop())

      // "Add day": a draft story for day 2, opened in the post editor, in the trip.
      const day = page.getByLabel('Day', { exact: true })
      await tabTo(page, day)
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.type('2')
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/)
      const postId = Number(page.url().split('/').pop())
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`${title}, day 2`)
      await expect(page.getByLabel('Part of the trip')).toHaveValue(String(tripId))

      const token = await ownerToken(page.request)
      await deletePost(page.request, token, postId)
      const removed = await page.request.delete(`/api/trips/${tripId}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(removed.status()).toBe(200)
      await context.close()
    })
  }
})
