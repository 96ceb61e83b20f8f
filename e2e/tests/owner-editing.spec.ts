import { expect, test, type Page, type Route } from '@playwright/test'
import { asOwner } from './support/owner-session'
import { createPost, deletePost, ownerToken } from './support/owner-api'

// The small aids the owner expects from an editor like Ghost or WordPress: a toast after each save, a question
// before unsaved changes are lost, a preview link for drafts, alt text for images, hand-edited photo details.

const editor = (page: Page) => page.getByRole('textbox', { name: 'Content' })
const toast = (page: Page) => page.getByTestId('admin-toast')

test('an owner who leaves while a save runs stays where they went', async ({ page, request }) => {
  await asOwner(page)
  await page.goto('/admin/posts/new')
  await page.getByLabel('Title', { exact: true }).fill('Leaving Lyon early')
  await editor(page).click()
  await page.keyboard.type('The train was on time.')
  // The autosave made the draft: the address is already the edit page while the explicit save below runs.
  await expect(page.getByTestId('autosave-status')).toHaveText('Saved')
  const id = Number(/(\d+)$/.exec(page.url())![1])
  try {
    const held: Route[] = []
    await page.route(/\/trpc\/[^?]*posts\.update/, (route) => void held.push(route))
    await page.getByRole('button', { name: 'Save as Draft' }).click()
    await expect.poll(() => held.length).toBe(1)
    await page.getByRole('link', { name: '← Back to posts' }).click()
    await expect(page).toHaveURL(/\/admin\/posts$/)

    const listed = page.waitForResponse(/\/trpc\/[^?]*posts\.adminList/)
    for (const route of held) await route.continue()
    await expect(toast(page)).toHaveText('“Leaving Lyon early” saved as a draft')
    // The save refreshes the list, and only then would it move the page: a frame after that, it has not.
    await listed
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))')
    await expect(page).toHaveURL(/\/admin\/posts$/)
  } finally {
    await deletePost(request, await ownerToken(request), id)
  }
})

test('a toast after save, publish, unpublish and delete; leaving unsaved changes asks first', async ({ page }) => {
  await asOwner(page)
  await page.goto('/admin/posts/new')
  await page.getByLabel('Title', { exact: true }).fill('Toasts in Lyon')
  await editor(page).click()
  await page.keyboard.type('Bouchons and traboules.')
  // A draft saves itself once typing pauses (the autosave), so there is nothing to lose by leaving then.
  await expect(page.getByTestId('autosave-status')).toHaveText('Saved')

  await page.getByRole('button', { name: 'Save as Draft' }).click()
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/)
  await expect(toast(page)).toHaveText('“Toasts in Lyon” saved as a draft')
  await page.getByRole('link', { name: '← Back to posts' }).click()

  const row = page.getByRole('row').filter({ hasText: 'Toasts in Lyon' })
  await row.getByRole('link', { name: 'Edit Toasts in Lyon' }).click()
  await page.getByRole('button', { name: 'Publish Now' }).click()
  await expect(toast(page)).toHaveText('“Toasts in Lyon” is published')
  await row.getByRole('link', { name: 'Edit Toasts in Lyon' }).click()

  // A published story's changes are never published by the autosave, so leaving with them asks first.
  await editor(page).click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type(' Quenelles.')
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Comments' }).click()
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' })
  await expect(ask).toBeVisible()
  await ask.getByRole('button', { name: 'Stay and keep editing' }).click()
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/)
  await expect(editor(page)).toContainText('Bouchons and traboules. Quenelles.')
  // Reloading or closing the tab asks the browser's own question; answering "stay" keeps the page as it was.
  const question = page.waitForEvent('dialog')
  await page.close({ runBeforeUnload: true })
  const beforeUnload = await question
  expect(beforeUnload.type()).toBe('beforeunload')
  await beforeUnload.dismiss()
  await expect(editor(page)).toContainText('Bouchons and traboules. Quenelles.')

  await page.getByRole('button', { name: 'Unpublish' }).click()
  await expect(toast(page)).toHaveText('“Toasts in Lyon” is unpublished and back to draft')
  // Nothing changed: leaving does not ask.
  await row.getByRole('link', { name: 'Edit Toasts in Lyon' }).click()
  await page.getByRole('link', { name: '← Back to posts' }).click()
  await expect(page).toHaveURL(/\/admin\/posts$/)

  page.once('dialog', (dialog) => void dialog.accept())
  await row.getByRole('button', { name: 'Delete Toasts in Lyon' }).click()
  await expect(toast(page)).toHaveText('“Toasts in Lyon” deleted')
  await expect(row).toHaveCount(0)
})

test('View on a draft opens the public page with a signed preview link, for the owner only', async ({
  page,
  browser,
}) => {
  const token = await ownerToken(page.request)
  const draft = await createPost(page.request, token, {
    title: 'Draft Notes From Tbilisi',
    content: '<h2>Sulphur baths</h2><p>Not yet.</p>',
    status: 'draft',
  })
  try {
    await asOwner(page)
    await page.goto('/admin/posts?search=tbilisi')
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page
        .getByRole('row')
        .filter({ hasText: 'Draft Notes From Tbilisi' })
        .getByRole('button', { name: /^View/ })
        .click(),
    ])
    await expect(tab).toHaveURL(new RegExp(`/blog/${draft.slug}\\?preview=${draft.id}\\.\\d+\\.[\\w-]{43}$`))
    await expect(tab.getByRole('heading', { level: 1, name: 'Draft Notes From Tbilisi' })).toBeVisible()
    await expect(tab.getByRole('note')).toContainText('only you can see this page')
    await expect(tab.locator('meta[name="robots"][content="noindex"]').first()).toBeAttached()
    const served = await tab.request.get(tab.url())
    expect(served.headers()['cache-control']).toBe('private, no-store')
    expect(served.headers()['x-robots-tag']).toBe('noindex, nofollow')

    // The same link in a browser that is not signed in shows nothing of the draft.
    const visitor = await browser.newContext()
    const stranger = await visitor.newPage()
    await stranger.goto(tab.url())
    await expect(stranger.getByRole('heading', { name: 'Preview unavailable' })).toBeVisible()
    await expect(stranger.getByText('Sulphur baths')).toHaveCount(0)
    await visitor.close()
  } finally {
    await deletePost(page.request, token, draft.id)
  }
})

test("a draft's preview shows its GPX route, elevation profile and figures, which visitors cannot read", async ({
  page,
}) => {
  const token = await ownerToken(page.request)
  const auth = { authorization: `Bearer ${token}` }
  const draft = await createPost(page.request, token, {
    title: 'Draft Ridge Walk Above Pokhara',
    content: '<p>Up to Sarangkot before dawn.</p>',
    status: 'draft',
  })
  try {
    const gpx = `<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="e2e" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Sarangkot ridge</name><trkseg>
<trkpt lat="28.2096" lon="83.9856"><ele>820</ele></trkpt><trkpt lat="28.2200" lon="83.9700"><ele>1150</ele></trkpt>
<trkpt lat="28.2440" lon="83.9490"><ele>1590</ele></trkpt></trkseg></trk></gpx>`
    const attached = await page.request.post(`/api/posts/${draft.id}/route`, {
      headers: auth,
      multipart: { gpx: { name: 'ridge.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpx) } },
    })
    expect(attached.status(), await attached.text()).toBe(200)
    // Visitors still learn nothing of the draft: its route and place are "not found" like the story itself.
    expect((await page.request.get(`/api/posts/slug/${draft.slug}/route`)).status()).toBe(404)
    expect((await page.request.get(`/api/posts/slug/${draft.slug}/place`)).status()).toBe(404)

    const link = (await (
      await page.request.post('/trpc/posts.previewLink', { headers: auth, data: { id: draft.id } })
    ).json()) as { result: { data: { url: string } } }
    await asOwner(page)
    await page.goto(link.result.data.url)
    await expect(page.getByRole('heading', { level: 1, name: 'Draft Ridge Walk Above Pokhara' })).toBeVisible()
    const section = page.getByRole('region', { name: 'The route' })
    await expect(section.getByTestId('route-line')).toHaveAttribute('d', /^M[\d.-]+,[\d.-]+L/)
    await expect(section.getByTestId('route-figures')).toContainText(/Elevation gain\s*[\d,]+ m/)
    await expect(
      section.getByRole('img', { name: /^Elevation profile: from [\d,]+ m to [\d,]+ m over [\d,.]+ km$/ }),
    ).toBeVisible()
  } finally {
    await deletePost(page.request, token, draft.id)
  }
})

test('images in a story get alt text when inserted, and clicking one edits it', async ({ page }) => {
  await asOwner(page)
  await page.goto('/admin/posts/new')
  await page.getByLabel('Title', { exact: true }).fill('Alt Text in Kyoto')
  await editor(page).click()
  await page.keyboard.type('Moss garden. ')
  // An image by address, its alt text asked in the page's own dialog (not the browser's prompt).
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image', exact: true }).click()
  const insert = page.getByRole('dialog', { name: 'Insert image' })
  await insert.getByLabel('Or the image’s address').fill('/hero-fallback.jpg')
  await insert.getByLabel('Alt text').fill('A moss garden under maples')
  await insert.getByRole('button', { name: 'Insert image' }).click()
  await expect(editor(page).getByRole('img', { name: 'A moss garden under maples' })).toBeVisible()

  await editor(page).getByRole('img', { name: 'A moss garden under maples' }).click()
  const edit = page.getByRole('dialog', { name: 'Image alt text' })
  await expect(edit.getByLabel('Alt text')).toHaveValue('A moss garden under maples')
  await edit.getByLabel('Alt text').fill('Moss and maple leaves in Kyoto')
  await edit.getByRole('button', { name: 'Save alt text' }).click()
  await expect(editor(page).getByRole('img', { name: 'Moss and maple leaves in Kyoto' })).toBeVisible()
  await page.getByRole('button', { name: 'Preview', exact: true }).click()
  await expect(
    page.getByRole('article', { name: 'Preview' }).getByRole('img', { name: 'Moss and maple leaves in Kyoto' }),
  ).toBeVisible()
})

test('a gallery photo’s title, caption, location and tags can be edited by hand', async ({ page }) => {
  await asOwner(page)
  await page.goto('/admin/gallery')
  const published = page.getByTestId('gallery-admin-image').filter({ hasText: 'Published' }).first()
  await expect(published).toBeVisible()
  const publicId = await published.getAttribute('data-public-id')
  await published.getByRole('button', { name: /^Edit details/ }).click()
  const form = page.getByRole('dialog', { name: 'Edit photo details' })
  const fields = ['Title', 'Caption', 'Location', 'Tags'] as const
  const before = await Promise.all(fields.map((f) => form.getByLabel(f).inputValue()))
  await form.getByLabel('Title').fill('Harbour Lights')
  await form.getByLabel('Caption').fill('Boats rocking under the evening lamps.')
  await form.getByLabel('Location').fill('Porto, Portugal')
  await form.getByLabel('Tags').fill('Harbour, #night, boats, night')
  await form.getByRole('button', { name: 'Save details' }).click()
  await expect(page.getByTestId('gallery-notice')).toHaveText('Details saved')
  const card = page.locator(`[data-public-id="${publicId}"]`)
  await expect(card.getByText('Harbour Lights')).toBeVisible()
  await expect(card.getByText('harbour · night · boats')).toBeVisible()

  // What visitors see.
  await page.goto('/gallery')
  await page.getByTestId('gallery-grid').getByRole('button', { name: 'Open Harbour Lights' }).click()
  await expect(page.getByRole('dialog').getByText('Boats rocking under the evening lamps.')).toBeVisible()
  await expect(page.getByRole('dialog').getByText('Porto, Portugal')).toBeVisible()

  // Put the demo photo back as it was (its tags choose the Home and About photos for other specs).
  await page.goto('/admin/gallery')
  await page
    .locator(`[data-public-id="${publicId}"]`)
    .getByRole('button', { name: /^Edit details/ })
    .click()
  for (const [i, f] of fields.entries()) await form.getByLabel(f).fill(before[i]!)
  await form.getByRole('button', { name: 'Save details' }).click()
  await expect(page.getByTestId('gallery-notice')).toHaveText('Details saved')
})

test('the login screen focuses the e-mail field on a phone and links back to the site', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/login')
  await expect(page.getByLabel('Email')).toBeFocused()
  await page.getByRole('link', { name: '← Back to site' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})
