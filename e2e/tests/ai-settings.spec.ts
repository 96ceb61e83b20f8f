import { expect, test } from '@playwright/test'
import { asOwner } from './support/owner-session'

test('the max tokens slider reaches the documented values and the model list is the documented three', async ({
  page,
}) => {
  await asOwner(page)
  await page.goto('/admin/settings')
  const slider = page.getByRole('slider')
  const label = page.getByText(/^Max tokens: \d+$/)
  await expect(label).toHaveText('Max tokens: 2048')

  await slider.focus()
  await page.keyboard.press('End')
  await expect(label).toHaveText('Max tokens: 4096')
  await page.keyboard.press('Home')
  await expect(label).toHaveText('Max tokens: 500')
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight')
  await expect(label).toHaveText('Max tokens: 2048')
  await expect(slider).toHaveAttribute('aria-valuetext', '2048 tokens')

  await expect(page.getByLabel('Model').locator('option')).toHaveText([
    'gemini-1.5-pro (recommended)',
    'gemini-1.5-flash',
    'gemini-pro',
  ])
  await expect(page.getByText('requests use gemini-2.5-pro')).toBeVisible()

  await page.keyboard.press('End')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('AI settings saved successfully!')).toBeVisible()
  await page.reload()
  await expect(label).toHaveText('Max tokens: 4096')

  // Leave the shared e2e server with the documented default for the specs that follow.
  await page.getByRole('slider').focus()
  await page.keyboard.press('Home')
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('AI settings saved successfully!')).toBeVisible()
})
