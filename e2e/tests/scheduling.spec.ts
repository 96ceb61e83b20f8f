import { expect, test } from '@playwright/test'
import { asOwner } from './support/owner-session'

const TITLE = 'Scheduled Dawn in Luang Prabang'
const pad = (n: number) => String(n).padStart(2, '0')
const localInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`

test('the owner schedules a story from the editor; it goes public at that moment', async ({ page, request }) => {
  await asOwner(page)
  await page.goto('/admin/posts/new')
  await page.getByLabel('Title', { exact: true }).fill(TITLE)
  await page.getByRole('textbox', { name: 'Content' }).click()
  await page.keyboard.type('Monks collect alms at first light.')
  // The box names the clock it reads: the browser's time zone (Playwright's default, the machine's).
  await expect(page.getByText(/^In your browser’s time zone: \S+$/)).toBeVisible()
  const at = new Date(Date.now() + 8000)
  await page.getByLabel('Publish at').fill(localInput(at))
  await page.getByRole('button', { name: 'Schedule', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/)
  await page.getByRole('link', { name: '← Back to posts' }).click()

  await page.getByRole('combobox', { name: 'Status filter' }).selectOption('scheduled')
  const row = page.getByRole('row').filter({ hasText: TITLE })
  await expect(row).toHaveCount(1)
  await expect(row.getByText('Scheduled', { exact: true })).toBeVisible()
  // The row says when the post goes out, not when it was last edited.
  await expect(row.getByText('Goes out')).toBeVisible()

  const slugs = async () =>
    ((await (await request.get('/api/posts')).json()) as { data: { slug: string }[] }).data.map((p) => p.slug)
  if (Date.now() < at.getTime() - 500) expect(await slugs()).not.toContain('scheduled-dawn-in-luang-prabang')
  await expect.poll(slugs, { timeout: 30_000, intervals: [500] }).toContain('scheduled-dawn-in-luang-prabang')
  expect(Date.now()).toBeGreaterThanOrEqual(at.getTime() - 1000)
  await page.goto('/blog/scheduled-dawn-in-luang-prabang')
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible()
})
