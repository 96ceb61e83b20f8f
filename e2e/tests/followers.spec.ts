import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { createPost, deletePost, ownerToken } from './support/owner-api'
import { asOwner } from './support/owner-session'

// The e2e servers run without SMTP_URL, so their mails are .eml files in DATA_DIR/outbox, and each server's DATA_DIR
// is .e2e-data/<its port> (playwright.config.ts): the outbox of the server this test's project runs against.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const outbox = () => path.join(repoRoot, '.e2e-data', new URL(test.info().project.use.baseURL!).port, 'outbox')
const run = Date.now().toString(36)

/** The quoted-printable body of an .eml as plain text (soft line breaks joined, =XX decoded). */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

/** The confirmation link of the mail sent to `address`, once the worker has written it. */
async function confirmationLink(address: string): Promise<string> {
  let link: string | undefined
  await expect(async () => {
    const files = readdirSync(outbox()).filter((f) => f.endsWith('.eml'))
    const mail = files
      .map((f) => decodeQuotedPrintable(readFileSync(path.join(outbox(), f), 'utf8')))
      .find((m) => new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}$`, 'm').test(m))
    link = /https?:\/\/\S+?(\/newsletter\/confirm\?token=[\w.-]+)/.exec(mail ?? '')?.[1]
    expect(link).toBeTruthy()
  }).toPass({ timeout: 20_000 })
  return link!
}

const subscribersCount = async (page: Page) => {
  await page.goto('/admin')
  const value = page.locator('p', { hasText: /^Subscribers$/ }).locator('xpath=following-sibling::p[1]')
  await expect(value).toHaveText(/^\d+$/)
  return Number(await value.textContent())
}

for (const width of [390, 1440]) {
  test(`subscribe from the footer at ${width} px, confirm from the mail, the dashboard counts it`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await asOwner(page)
    const before = await subscribersCount(page)
    const address = `reader-${width}-${run}@example.com`
    await page.goto('/blog')
    const form = page.getByRole('region', { name: 'Never miss an adventure' })
    await form.getByRole('textbox', { name: 'Email address' }).fill(address)
    await form.getByRole('button', { name: 'Subscribe' }).click()
    await expect(form.getByRole('status')).toHaveText('Check your inbox to confirm')

    await page.goto(await confirmationLink(address))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscribed')
    await expect(page.getByText('You are subscribed.')).toBeVisible()
    await expect.poll(() => subscribersCount(page)).toBe(before + 1)
  })
}

test('Admin → Subscribers: search, export and import', async ({ page }, testInfo) => {
  await asOwner(page)
  await page.getByRole('link', { name: 'Subscribers' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Subscribers')

  const file = testInfo.outputPath('ghost-members.csv')
  writeFileSync(
    file,
    [
      'id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels',
      `1,ghost-yes-${run}@example.com,Gale Yes,,true,,,2024-03-01T10:00:00.000Z,,`,
      `2,ghost-no-${run}@example.com,=cmd|' /C calc'!A0,,false,,,2024-03-02T10:00:00.000Z,,`,
    ].join('\n'),
  )
  await page.locator('input[type=file][accept=".csv,text/csv"]').setInputFiles(file)
  await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toHaveText(
    'Imported 2 (1 confirmed), skipped 0.',
  )

  await page.getByRole('searchbox', { name: 'Search subscribers' }).fill(`ghost-yes-${run}`)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const rows = page.getByRole('table', { name: 'Subscribers' }).locator('tbody tr')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Confirmed')
  await page.getByRole('combobox', { name: 'Status filter' }).selectOption('pending')
  await expect(page.getByText('No subscribers match')).toBeVisible()

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const csv = readFileSync(await (await download).path(), 'utf8')
  expect(csv.split('\r\n')[0]).toBe('email,name,status,subscribed_to_emails,trip,created_at,confirmed_at')
  expect(csv).toContain(`ghost-yes-${run}@example.com,Gale Yes,confirmed,true`)
  // The formula a spreadsheet would run is written as text.
  expect(csv).toContain(`ghost-no-${run}@example.com,'=cmd|' /C calc'!A0,pending,false`)
})

test('Admin → Subscribers → Sends: what the mails of a story did', async ({ page, request }) => {
  const token = await ownerToken(request)
  const auth = { authorization: `Bearer ${token}` }
  const imported = await request.post('/api/newsletter/subscribers/import', {
    headers: auth,
    data: { csv: `email,subscribed_to_emails\nsends-a-${run}@example.com,true\nsends-b-${run}@example.com,true\n` },
  })
  expect(imported.status(), await imported.text()).toBe(200)
  const title = `Mailed Story ${run}`
  const post = await createPost(request, token, { title, content: '<p>Out to the followers.</p>', status: 'published' })
  try {
    // Back to a draft once all its mails are out, so the other specs never meet it on the blog. All of them: the
    // other specs' confirmed followers get this story too, and the Sends card below is read once, not polled.
    await expect
      .poll(async () => {
        const { data } = (await (await request.get(`/api/newsletter/posts/${post.id}`, { headers: auth })).json()) as {
          data: { sent: number; pending: number; sending: number }
        }
        return data.sent >= 2 && data.pending + data.sending === 0
      })
      .toBe(true)
    expect(
      (
        await request.put(`/api/posts/${post.id}`, {
          headers: auth,
          data: { title, content: '<p>Out to the followers.</p>', status: 'draft' },
        })
      ).status(),
    ).toBe(200)

    await asOwner(page)
    await page.goto('/admin/subscribers')
    const sends = page.getByRole('list', { name: 'Sends' })
    const row = sends.getByRole('listitem').filter({ hasText: title })
    await expect(row).toContainText(/E-mailed to \d+ · 0 failed · 0 pending/)
    await row.getByRole('link', { name: title }).focus()
    await expect(row.getByRole('link', { name: title })).toBeFocused()
    await row.getByRole('link', { name: title }).click()
    await expect(page).toHaveURL(new RegExp(`/admin/posts/edit/${post.id}$`))
  } finally {
    await deletePost(request, token, post.id)
  }
})
