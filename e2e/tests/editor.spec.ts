import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { asOwner } from './support/owner-session'
import { createPost, deletePost, ownerToken } from './support/owner-api'
import { expectNoAxeViolations } from './support/screen-checks'

// The editor as a writer uses it: typing, Enter, pictures by upload with alt text. Each test types with the
// keyboard like a person, then reads what was saved (the API) and what visitors see (the live story).

// A real 1×1 PNG: the server decodes every upload, so the bytes must be an image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

const editor = (page: Page) => page.getByRole('textbox', { name: 'Content' })

/** A PNG pasted into the editor as the browser delivers a copied picture (the tests' TypeScript has no DOM types). */
async function pasteImage(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const bytes = Uint8Array.from(atob('${PNG.toString('base64')}'), (c) => c.charCodeAt(0))
    const data = new DataTransfer()
    data.items.add(new File([bytes], 'tiles.png', { type: 'image/png' }))
    const editor = document.querySelector('[role="textbox"][aria-label="Content"]')
    editor.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  })()`)
}

/** The owner opens a post in the editor with the cursor at the end of the story. */
async function openAtEnd(page: Page, id: number): Promise<void> {
  await asOwner(page)
  await page.goto(`/admin/posts/edit/${id}`)
  await editor(page).click()
  await page.keyboard.press('Control+End')
}

/** A post made through the API for one test, deleted afterwards whatever happens. */
async function withPost(
  request: APIRequestContext,
  fields: { title: string; content: string; status: 'draft' | 'published' },
  run: (post: { id: number; slug: string }, token: string) => Promise<void>,
): Promise<void> {
  const token = await ownerToken(request)
  const post = await createPost(request, token, fields)
  try {
    await run(post, token)
  } finally {
    await deletePost(request, token, post.id)
  }
}

async function savedContent(request: APIRequestContext, token: string, id: number): Promise<string> {
  const res = await request.get(`/api/posts/admin/${id}`, { headers: { authorization: `Bearer ${token}` } })
  return ((await res.json()) as { data: { content: string } }).data.content
}

test('text typed after an uploaded picture is kept, and Enter twice leaves a list', async ({ page, request }) => {
  const token = await ownerToken(request)
  const post = await createPost(request, token, {
    title: 'Typing in Trieste',
    content: '<p>Trieste.</p>',
    status: 'draft',
  })
  try {
    await openAtEnd(page, post.id)
    await page.keyboard.type(' The bora blew all night.')

    // An uploaded picture, its alt text asked in a dialog (not the browser's prompt), then more text.
    await page.getByRole('button', { name: 'Image', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Insert image' })
    await dialog.getByLabel('Upload an image').setInputFiles({ name: 'bora.png', mimeType: 'image/png', buffer: PNG })
    await expect(dialog.getByLabel('Or the image’s address')).toHaveValue(/\/media\//)
    await dialog.getByLabel('Alt text').fill('Waves over the Molo Audace')
    await dialog.getByRole('button', { name: 'Insert image' }).click()
    await expect(dialog).toBeHidden()
    await expect(editor(page).getByRole('img', { name: 'Waves over the Molo Audace' })).toBeVisible()
    await page.keyboard.type(' Then the sun came out.')

    // A bulleted list: Enter on the empty item after the last one ends it.
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Bulleted list' }).click()
    await page.keyboard.type('Coffee at Caffè San Marco')
    await page.keyboard.press('Enter')
    await page.keyboard.type('A walk to Miramare')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Back to prose.')
    await expect(editor(page).getByRole('listitem')).toHaveCount(2)

    await page.getByRole('button', { name: 'Publish Now' }).click()
    await expect(page.getByTestId('admin-toast')).toHaveText('“Typing in Trieste” is published')

    const html = await savedContent(request, token, post.id)
    expect(html).toMatch(
      /^<p>Trieste\. The bora blew all night\.<img src="[^"]*\/media\/[^"]+" alt="Waves over the Molo Audace" \/> Then the sun came out\.<\/p>/,
    )
    expect(html).toContain(
      '<ul><li>Coffee at Caffè San Marco</li><li>A walk to Miramare</li></ul><p>Back to prose.</p>',
    )

    await page.goto(`/blog/${post.slug}`)
    const story = page.getByRole('article')
    await expect(story.getByText('Then the sun came out.')).toBeVisible()
    await expect(story.getByRole('img', { name: 'Waves over the Molo Audace' })).toBeVisible()
    await expect(story.getByRole('listitem')).toHaveCount(2)
    await expect(story.locator('li', { hasText: 'Back to prose.' })).toHaveCount(0)
    await expect(story.locator('p', { hasText: 'Back to prose.' })).toBeVisible()
  } finally {
    await deletePost(request, token, post.id)
  }
})

test('a picture dropped or pasted into the story is uploaded and asks for its alt text', async ({ page, request }) => {
  const token = await ownerToken(request)
  const post = await createPost(request, token, {
    title: 'Dropping in Delft',
    content: '<p>Delft.</p>',
    status: 'draft',
  })
  try {
    await openAtEnd(page, post.id)
    await page.keyboard.type(' Blue tiles.')
    // A file pasted from the clipboard (a screenshot, a copied photo).
    await pasteImage(page)
    const dialog = page.getByRole('dialog', { name: 'Insert image' })
    await expect(dialog.getByLabel('Or the image’s address')).toHaveValue(/\/media\//)
    await dialog.getByLabel('Alt text').fill('Delftware tiles')
    await page.keyboard.press('Enter')
    await expect(editor(page).getByRole('img', { name: 'Delftware tiles' })).toBeVisible()
    // The editor takes focus back in the task after the dialog closes; a writer sees the caret before typing on.
    await expect(editor(page)).toBeFocused()
    await page.keyboard.type(' And the canal.')

    // The picture's alt text is changed in the same dialog.
    await editor(page).getByRole('button', { name: 'Alt text' }).click()
    const altDialog = page.getByRole('dialog', { name: 'Image alt text' })
    await altDialog.getByLabel('Alt text').fill('Hand-painted Delftware tiles')
    await altDialog.getByRole('button', { name: 'Save alt text' }).click()
    await expect(editor(page).getByRole('img', { name: 'Hand-painted Delftware tiles' })).toBeVisible()

    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByTestId('admin-toast')).toHaveText('Changes to “Dropping in Delft” saved')
    expect(await savedContent(request, token, post.id)).toMatch(
      /^<p>Delft\. Blue tiles\.<img src="[^"]+" alt="Hand-painted Delftware tiles" \/> And the canal\.<\/p>$/,
    )
  } finally {
    await deletePost(request, token, post.id)
  }
})

test('the first save stays in the editor, where pictures and a route can then be added; the place is entered once', async ({
  page,
  request,
}) => {
  const token = await ownerToken(request)
  await asOwner(page)
  await page.goto('/admin/posts/new')
  // Before the first save a picture can come from an address only; the dialog says why.
  await editor(page).click()
  await page.getByRole('button', { name: 'Image', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Insert image' })
  await expect(dialog.getByLabel('Upload an image')).toBeDisabled()
  await expect(dialog.getByText(/^Save the post as a draft first to upload images/)).toBeVisible()
  await expectNoAxeViolations(page, 'insert image dialog')
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  // One place for the place: the words sit in the Place card, beside the map point.
  const place = page.getByRole('heading', { name: 'Place', exact: true }).locator('..')
  await expect(page.getByLabel('Location', { exact: true })).toHaveCount(1)
  await place.getByLabel('Location', { exact: true }).fill('Ljubljana')
  await page.getByLabel('Title', { exact: true }).fill('First Save in Ljubljana')
  await editor(page).click()
  await page.keyboard.type('Dragons on the bridge.')
  await page.getByRole('button', { name: 'Save as Draft' }).click()

  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/)
  const id = Number(/(\d+)$/.exec(page.url())![1])
  try {
    await expect(page.getByRole('heading', { name: 'Edit Post' })).toBeVisible()
    await expect(editor(page)).toContainText('Dragons on the bridge.')
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue('Ljubljana')
    await expect(page.getByLabel('Upload featured image')).toBeEnabled()
    await expect(page.getByLabel('Attach a GPX route')).toBeEnabled()
    const saved = await request.get(`/api/posts/admin/${id}`, { headers: { authorization: `Bearer ${token}` } })
    expect(((await saved.json()) as { data: { location_name: string } }).data.location_name).toBe('Ljubljana')
  } finally {
    await deletePost(request, token, id)
  }
})

const autosaveStatus = (page: Page) => page.getByTestId('autosave-status')

test('a new story saves itself as a draft while it is written; closing the tab loses nothing', async ({
  page,
  request,
}) => {
  await asOwner(page)
  await page.goto('/admin/posts/new')
  await page.getByLabel('Title', { exact: true }).fill('Autosaved in Oaxaca')
  await editor(page).click()
  await page.keyboard.type('Mole negro at the market, then mezcal.')
  // No button pressed: the pause in typing saves it, and the address becomes the draft's own.
  await expect(autosaveStatus(page)).toHaveText('Saved')
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/)
  const id = Number(/(\d+)$/.exec(page.url())![1])
  const token = await ownerToken(request)
  try {
    await page.keyboard.type(' The bus left at dawn.')
    await expect(autosaveStatus(page)).toHaveText('Unsaved changes')
    await expect(autosaveStatus(page)).toHaveText('Saved')
    const context = page.context()
    await page.close()

    const reopened = await context.newPage()
    await reopened.goto(`/admin/posts/edit/${id}`)
    await expect(editor(reopened)).toContainText('Mole negro at the market, then mezcal. The bus left at dawn.')
    await expect(reopened.getByLabel('Title', { exact: true })).toHaveValue('Autosaved in Oaxaca')
    await expect(reopened.getByText('Draft', { exact: true }).first()).toBeVisible()
    const saved = await request.get(`/api/posts/admin/${id}`, { headers: { authorization: `Bearer ${token}` } })
    expect(((await saved.json()) as { data: { status: string } }).data.status).toBe('draft')
  } finally {
    await deletePost(request, token, id)
  }
})

test('an earlier version is restored with one click, and the restore can be undone', async ({ page, request }) => {
  const first = { title: 'Versions of Valparaíso', content: '<p>First draft: funiculars everywhere.</p>' }
  await withPost(request, { ...first, status: 'published' }, async (post, token) => {
    const second = await request.put(`/api/posts/${post.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { title: 'Versions of Valparaíso', content: '<p>Second draft: murals on every stair.</p>' },
    })
    expect(second.status()).toBe(200)
    await asOwner(page)
    await page.goto(`/admin/posts/edit/${post.id}`)
    const history = page.getByRole('list', { name: 'Saved versions, newest first' })
    await expect(history.getByTestId('revision')).toHaveCount(2)
    await expect(history.getByTestId('revision').first()).toContainText('6 words')

    // A look at the older version first, then back.
    await history
      .getByRole('button', { name: /^Preview the version of/ })
      .nth(1)
      .click()
    const preview = page.getByRole('dialog', { name: /^Version of/ })
    await expect(preview.getByText('First draft: funiculars everywhere.')).toBeVisible()
    await expectNoAxeViolations(page, 'revision preview')
    await preview.getByRole('button', { name: 'Close' }).click()

    await history
      .getByRole('button', { name: /^Restore the version of/ })
      .nth(1)
      .click()
    const toast = page.getByTestId('admin-toast')
    await expect(toast).toContainText('Restored the version of')
    await expect(editor(page)).toContainText('First draft: funiculars everywhere.')
    await expect(editor(page)).not.toContainText('murals')
    // The restore is a save of its own, at the top of the history.
    await expect(history.getByTestId('revision')).toHaveCount(3)

    // Undo brings back the text the story had just before.
    await toast.getByRole('button', { name: 'Undo' }).click()
    await expect(toast).toHaveText('Restore undone')
    await expect(editor(page)).toContainText('Second draft: murals on every stair.')
    await expect(history.getByTestId('revision')).toHaveCount(4)
    await page.goto(`/blog/${post.slug}`)
    await expect(page.getByRole('article').getByText('Second draft: murals on every stair.')).toBeVisible()
  })
})

test.describe('a picture kept at another site', () => {
  // Another site's image host: https on the loopback with a certificate made for this run, which the browser is
  // told to accept (a real host has a real one). The site's policy allows https pictures, so it must show.
  test.use({ ignoreHTTPSErrors: true })
  let host: Server
  let origin: string
  const dir = mkdtempSync(path.join(tmpdir(), 'wayfarer-other-site-'))

  test.beforeAll(async () => {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')]
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'].concat([
        '-keyout',
        key,
        '-out',
        cert,
        '-subj',
        '/CN=127.0.0.1',
      ]),
      { stdio: 'ignore' },
    )
    host = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
      if (req.url !== '/photos/cenote.png') return void res.writeHead(404).end()
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
    })
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
    origin = `https://127.0.0.1:${(host.address() as AddressInfo).port}`
  })
  test.afterAll(async () => {
    await new Promise((resolve) => host.close(resolve))
    rmSync(dir, { recursive: true, force: true })
  })

  test('inserted by its address, it shows on the live story', async ({ page, request }) => {
    const draft = { title: 'Cenotes of Yucatán', content: '<p>Cenotes.</p>', status: 'draft' } as const
    await withPost(request, draft, async (post) => {
      await openAtEnd(page, post.id)
      await page.getByRole('button', { name: 'Image', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'Insert image' })
      await dialog.getByLabel('Or the image’s address').fill(`${origin}/photos/cenote.png`)
      await dialog.getByLabel('Alt text').fill('Light falling into a cenote')
      await dialog.getByRole('button', { name: 'Insert image' }).click()
      await page.getByRole('button', { name: 'Publish Now' }).click()
      await expect(page.getByTestId('admin-toast')).toHaveText('“Cenotes of Yucatán” is published')

      const violations: string[] = []
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) violations.push(message.text())
      })
      await page.goto(`/blog/${post.slug}`)
      const picture = page.getByRole('article').getByRole('img', { name: 'Light falling into a cenote' })
      await expect(picture).toHaveAttribute('src', `${origin}/photos/cenote.png`)
      // Loaded, not a broken icon: the browser decoded the other site's bytes.
      await expect
        .poll(() => picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
        .toBe(1)
      expect(violations).toEqual([])
    })
  })
})
