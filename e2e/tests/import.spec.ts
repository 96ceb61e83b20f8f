import { expect, test, type Page } from '@playwright/test'
import { defaultWxrSite, plainWxrPost, wxrDocument, type WxrItem } from '@wayfarer/api/import-fixtures'
import { icelandExport, zipBytes } from '@wayfarer/api/polarsteps-fixtures'
import { asOwner } from './support/owner-session'
import { allPostIds, deletePost, ownerToken } from './support/owner-api'
import { expectNoAxeViolations } from './support/screen-checks'

// Admin → Settings → Import/Export with a small WordPress export — the dry run, the
// progress bar while it imports, the report — then the story on /blog, its old address answering 301, and the
// redirects screen adding and deleting one.
const OLD_SITE = 'https://wandering-boots.example'
const STORY = 'Night Train to Hué'
const SLUG = 'night-train-to-hue'
const FILLER = 12

// Dated an hour ago, so it leads the /blog list above the demo stories.
const recent = new Date(Date.now() - 3_600_000)
const wxrDate = recent.toISOString().slice(0, 19).replace('T', ' ')
const oldPath = `/${recent.getUTCFullYear()}/${String(recent.getUTCMonth() + 1).padStart(2, '0')}/${SLUG}/`
const story: WxrItem = {
  id: 4242,
  title: STORY,
  slug: SLUG,
  date: wxrDate,
  content: 'The sleeper rattled south along the coast.\n\nAt dawn, the Perfume River.',
  categories: [['travel-tips', 'Travel Tips']],
  tags: [['hiking', 'Hiking']],
  creator: 'alice',
}
const page_: WxrItem = { id: 4243, title: 'About me', slug: 'about-me', type: 'page', date: wxrDate, content: 'Hello.' }
// One title carries a bare "&", as real exports do: the file is read, and the repair shown with its line.
const wxr = wxrDocument(defaultWxrSite(OLD_SITE), [
  story,
  ...Array.from({ length: FILLER }, (_, i) => plainWxrPost(9000 + i)),
  page_,
]).replace('<title><![CDATA[Day 9000 on the road]]></title>', '<title>Day 9000 on the road & back</title>')
const repairedLine = wxr.slice(0, wxr.indexOf('on the road & back')).split('\n').length

// The imported stories leave with this file: the specs after it count the demo site's 12 stories.
let demoPosts: number[] = []
test.beforeAll(async ({ request }) => {
  demoPosts = await allPostIds(request, await ownerToken(request))
})
test.afterAll(async ({ request }) => {
  const token = await ownerToken(request)
  for (const id of await allPostIds(request, token)) if (!demoPosts.includes(id)) await deletePost(request, token, id)
})

const countsRow = (page: Page, region: string, what: string) =>
  page.getByTestId(region).getByRole('row', { name: new RegExp(`^${what}`) })

test('the owner imports a WordPress export: dry run, progress, report; the story is public and its old address redirects', async ({
  page,
  request,
}) => {
  await asOwner(page)
  await page.goto('/admin/settings/import')
  await expect(page.getByRole('heading', { name: 'Import/Export' })).toBeVisible()
  await page
    .getByLabel('File to import')
    .setInputFiles({ name: 'wandering-boots.xml', mimeType: 'text/xml', buffer: Buffer.from(wxr) })
  await page.getByRole('button', { name: 'Upload and check' }).click()

  // The dry run: counts per kind, and what will be skipped and why; nothing written yet.
  // The summary takes the focus from the form it replaces (keyboard and screen-reader users land on it).
  await expect(page.getByRole('heading', { name: 'Dry run: what the import will do' })).toBeFocused()
  await expect(countsRow(page, 'dry-run-summary', 'Stories')).toContainText(`${FILLER + 1}`)
  await expect(page.getByTestId('dry-run-summary')).toContainText(/Skipped: In the file · 1 entry — .*page/i)
  const repairs = page.getByRole('list', { name: 'Repaired in the file' })
  await expect(repairs).toHaveText(`Line ${repairedLine} — a bare “&” was read as “&amp;”`)
  // The list scrolls on its own when long, so it is the next keyboard stop after the heading, with a focus ring.
  await page.keyboard.press('Tab')
  await expect(repairs).toBeFocused()
  await expect(repairs).toHaveCSS('outline-style', 'solid')
  expect((await request.get(`/api/posts/slug/${SLUG}`)).status()).toBe(404)
  await expectNoAxeViolations(page, 'import, dry-run summary')

  // Polls answer a little late, so the bar is seen while the server works (the states are the server's own).
  await page.route('**/trpc/transfer.status*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700))
    await route.continue()
  })
  await page.getByRole('button', { name: 'Import now' }).click()
  const bar = page.getByRole('progressbar', { name: 'Importing' })
  await expect(bar).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Import report' })).toBeFocused({ timeout: 60_000 })
  await expect(bar).toBeHidden()
  await expect(page.getByText('Import finished.')).toBeVisible()
  const created = countsRow(page, 'import-report', 'Stories').getByRole('cell')
  await expect(created.first()).toHaveText(`${FILLER + 1}`)
  await page.unroute('**/trpc/transfer.status*')
  await expectNoAxeViolations(page, 'import, report')
  // Leaving the screen and coming back (in this tab) shows the same import again.
  await page.getByRole('link', { name: 'Redirects' }).click()
  await expect(page.getByRole('heading', { name: 'Redirects', exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Import/Export' }).click()
  await expect(page.getByRole('heading', { name: 'Import report' })).toBeVisible()
  await page.getByRole('button', { name: 'Import another file' }).click()
  await expect(page.getByLabel('File to import')).toBeFocused()

  await page.goto('/blog')
  await expect(page.getByRole('link', { name: new RegExp(STORY) }).first()).toBeVisible()
  const old = await request.get(oldPath, { maxRedirects: 0 })
  expect(old.status()).toBe(301)
  expect(old.headers().location).toBe(`/blog/${SLUG}`)
  await page.goto(oldPath)
  await expect(page).toHaveURL(new RegExp(`/blog/${SLUG}$`))
  await expect(page.getByRole('heading', { name: STORY })).toBeVisible()
})

test('the owner adds, edits and deletes a redirect; an off-site target is refused', async ({ page, request }) => {
  await asOwner(page)
  await page.goto('/admin/settings/redirects')
  await expect(page.getByRole('heading', { name: 'Redirects', exact: true })).toBeVisible()
  const from = page.getByLabel('Old address')
  const to = page.getByLabel('New address')
  await from.fill('/old/summer-in-hue')
  await to.fill('https://elsewhere.example/steal')
  await page.getByRole('button', { name: 'Add redirect' }).click()
  await expect(page.getByRole('alert')).toHaveText(/only lead to a page of this site/)

  await to.fill(`/blog/${SLUG}`)
  await page.getByRole('button', { name: 'Add redirect' }).click()
  await expect(page.getByText('Added the redirect from /old/summer-in-hue')).toBeVisible()
  await page.getByLabel('Search redirects').fill('summer-in-hue')
  const row = page.getByTestId('redirect-row').filter({ hasText: '/old/summer-in-hue' })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Added by hand')
  const answer = await request.get('/old/summer-in-hue', { maxRedirects: 0 })
  expect(answer.status()).toBe(301)
  expect(answer.headers().location).toBe(`/blog/${SLUG}`)

  // Editing happens in a dialog with the same checks; saving closes it and the row shows the change.
  await row.getByRole('button', { name: 'Edit the redirect from /old/summer-in-hue' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit redirect' })
  await expect(dialog.getByLabel('Old address')).toBeFocused()
  await dialog.getByLabel('New address').fill('//elsewhere.example')
  await dialog.getByRole('button', { name: 'Save redirect' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(/only lead to a page of this site/)
  await dialog.getByLabel('New address').fill('/blog')
  await dialog.getByRole('button', { name: 'Save redirect' }).click()
  await expect(dialog).toBeHidden()
  await expect(row.getByRole('cell').nth(1)).toHaveText('/blog')
  expect((await request.get('/old/summer-in-hue', { maxRedirects: 0 })).headers().location).toBe('/blog')

  page.once('dialog', (dialog) => void dialog.accept())
  await row.getByRole('button', { name: 'Delete the redirect from /old/summer-in-hue' }).click()
  await expect(row).toHaveCount(0)
  expect((await request.get('/old/summer-in-hue', { maxRedirects: 0 })).status()).not.toBe(301)
})

test('a file that is not an export gets a clear message; "Export everything" downloads the archive', async ({
  page,
}) => {
  await asOwner(page)
  await page.goto('/admin/settings/import')
  await page
    .getByLabel('File to import')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Packing list: boots, hat.') })
  await page.getByRole('button', { name: 'Upload and check' }).click()
  await expect(page.getByRole('alert')).toHaveText(/Unrecognised file: expected a WordPress export/)

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export everything' }).click()
  expect((await download).suggestedFilename()).toMatch(/^wayfarer-\d{4}-\d{2}-\d{2}\.zip$/)
  await expect(page.getByText(/^Downloaded wayfarer-.*\.zip\.$/)).toBeVisible()
})

test('the owner moves in from Polarsteps: the dry run counts the trip, its steps, photos and points; it arrives as a draft', async ({
  page,
  request,
}) => {
  await asOwner(page)
  await page.goto('/admin/settings/import')
  // Polarsteps ids of its own, so nothing of it is known to the site yet.
  const zip = await zipBytes(await icelandExport(90_000))
  await page
    .getByLabel('File to import')
    .setInputFiles({ name: 'polarsteps.zip', mimeType: 'application/zip', buffer: zip })
  await page.getByRole('button', { name: 'Upload and check' }).click()
  await expect(page.getByRole('heading', { name: 'Dry run: what the import will do' })).toBeFocused()
  const summary = page.getByTestId('dry-run-summary')
  await expect(summary).toContainText('Polarsteps export')
  for (const [kind, n] of [
    ['Trips', 1],
    ['Stories', 2],
    ['Gallery photos', 2],
    ['Tracked points', 4],
  ] as const)
    await expect(countsRow(page, 'dry-run-summary', kind).getByRole('cell').first()).toHaveText(String(n))
  await expectNoAxeViolations(page, 'import, Polarsteps dry run')

  await page.getByRole('button', { name: 'Import now' }).click()
  await expect(page.getByRole('heading', { name: 'Import report' })).toBeFocused({ timeout: 60_000 })
  await expect(countsRow(page, 'import-report', 'Stories').getByRole('cell').first()).toHaveText('2')

  // A draft trip with its two draft stories; nothing of it public. Then it leaves, with its photos.
  const token = await ownerToken(request)
  const auth = { headers: { authorization: `Bearer ${token}` } }
  const trips = ((await (await request.get('/api/trips/admin', auth)).json()) as { data: TripRow[] }).data
  const trip = trips.find((t) => t.title === 'Iceland Ring Road')
  expect(trip).toMatchObject({ status: 'draft', story_count: 2 })
  expect((await request.get(`/api/trips/${trip!.slug}`)).status()).toBe(404)
  const places = ((await (await request.get('/api/gallery/places', auth)).json()) as { data: PlaceRow[] }).data
  for (const photo of places.filter((p) => p.location === 'Reykjavík' || p.location === 'Vík'))
    await request.delete('/api/gallery/delete', { ...auth, data: { public_id: photo.public_id, alsoCloudinary: true } })
  expect((await request.delete(`/api/trips/${trip!.id}`, auth)).status()).toBe(200)
})

interface TripRow {
  id: number
  slug: string
  title: string
  status: string
  story_count: number
}
interface PlaceRow {
  public_id: string
  location: string
}
