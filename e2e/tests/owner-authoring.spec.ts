import { expect, test, type Page } from '@playwright/test'
import { owner } from '../playwright.config'
import { FAKE_GEMINI_REPLY, fakeGeminiKeys } from '@wayfarer/fakes/gemini'

// A real 1×1 PNG: the server decodes every upload, so the bytes must be an image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const TITLE = 'Lantern Night in Hoi An'

const editor = (page: Page) => page.getByRole('textbox', { name: 'Content' })
const row = (page: Page) => page.getByRole('row').filter({ hasText: TITLE })

async function openPost(page: Page) {
  await page.getByRole('link', { name: 'Posts', exact: true }).click()
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('lantern')
  await page.getByRole('button', { name: 'Search' }).click()
  await row(page)
    .getByRole('link', { name: `Edit ${TITLE}` })
    .click()
  await expect(page.getByRole('heading', { name: 'Edit Post' })).toBeVisible()
}

test('the owner writes, publishes, unpublishes and deletes a post with the editor, uploads and AI', async ({
  page,
}) => {
  // The whole authoring round in one test: about 25 s alone, over a minute on a loaded two-core machine.
  test.setTimeout(180_000)
  // Sign in, wrong password first.
  await page.goto('/login')
  await page.getByLabel('Email').fill(owner.email)
  await page.getByLabel('Password', { exact: true }).fill('wrong-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
  await page.getByLabel('Password', { exact: true }).fill(owner.password)
  await page.getByRole('button', { name: 'Sign in' }).click()

  // The dashboard.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByText('Published Posts')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Recent Posts' })).toBeVisible()

  // AI settings: test the key against the fake Gemini, enable, save.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('button', { name: 'Test' }).click()
  await expect(page.getByRole('alert')).toHaveText('Please enter an API key first')
  await page.getByLabel('Gemini API key').fill(fakeGeminiKeys.good)
  await page.getByRole('button', { name: 'Test' }).click()
  await expect(page.getByText('API key is working! AI integration is ready.')).toBeVisible()
  await page.getByRole('switch').check()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('AI settings saved successfully!')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Gemini API key')).toHaveValue('••••••••0001')

  // Create a draft with a heading and a link in the Slate editor.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Posts' }).click()
  await page.getByRole('link', { name: 'New Post' }).click()
  await expect(page.getByRole('button', { name: 'Save as Draft' })).toBeDisabled()
  await page.getByLabel('Title', { exact: true }).fill(TITLE)
  await expect(page.getByRole('button', { name: 'Save as Draft' })).toBeDisabled()
  await editor(page).click()
  await page.getByRole('button', { name: 'Heading 2' }).click()
  await page.keyboard.type('Night market')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Silk lanterns glow along the river. Read ')
  page.once('dialog', (dialog) => void dialog.accept('https://example.com/hoi-an'))
  await page.getByRole('button', { name: 'Link' }).click()
  await expect(editor(page).getByRole('heading', { level: 2, name: 'Night market' })).toBeVisible()
  await expect(editor(page).getByRole('link', { name: 'https://example.com/hoi-an' })).toBeVisible()
  await expect(page.getByLabel('Upload featured image')).toBeDisabled()
  await page.getByRole('button', { name: 'Generate from content' }).click()
  await expect(page.getByLabel('Excerpt')).toHaveValue(/^Night market Silk lanterns glow/)
  await page.getByRole('button', { name: 'Save as Draft' }).click()
  // The first save stays in the editor, now the post's own: uploads work from here on.
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Edit Post' })).toBeVisible()
  await expect(page.getByLabel('Upload featured image')).toBeEnabled()
  await page.getByRole('link', { name: '← Back to posts' }).click()
  await expect(page).toHaveURL(/\/admin\/posts$/)

  // Find it by search.
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('lantern night')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(row(page)).toHaveCount(1)
  await expect(row(page).getByText('Draft')).toBeVisible()

  // Edit: the document comes back intact; upload a featured image; let the AI assistant write a paragraph.
  await openPost(page)
  await expect(editor(page).getByRole('heading', { level: 2, name: 'Night market' })).toBeVisible()
  await expect(editor(page).getByRole('link', { name: 'https://example.com/hoi-an' })).toBeVisible()
  await page
    .getByLabel('Upload featured image')
    .setInputFiles({ name: 'lanterns.png', mimeType: 'image/png', buffer: PNG })
  await expect(page.getByText('Image uploaded successfully!')).toBeVisible()
  await expect(page.getByLabel('Featured image URL')).toHaveValue(/^\/media\/posts\//)
  await page.getByLabel('Alt text').fill('Lanterns over the Thu Bon river')

  await page.getByRole('button', { name: 'AI Assistant' }).click()
  const prompt = page.getByRole('textbox', { name: 'AI prompt' })
  await expect(page.getByRole('button', { name: 'Generate', exact: true })).toBeDisabled()
  await prompt.fill('Describe the lantern festival at dusk')
  await prompt.press('ControlOrMeta+Enter')
  await expect(page.getByText('Generated 12 words successfully!')).toBeVisible()
  await expect(editor(page)).toContainText(FAKE_GEMINI_REPLY)
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page).toHaveURL(/\/admin\/posts$/)

  // Publish, and it is on /blog.
  await openPost(page)
  await expect(editor(page)).toContainText(FAKE_GEMINI_REPLY)
  await expect(page.getByRole('img', { name: 'Lanterns over the Thu Bon river' })).toBeVisible()
  await page.getByRole('button', { name: 'Publish Now' }).click()
  await expect(page).toHaveURL(/\/admin\/posts$/)
  await page.goto('/blog')
  await expect(page.getByText(TITLE).first()).toBeVisible()

  // Unpublish: gone from /blog.
  await page.goto('/admin/posts')
  await openPost(page)
  await expect(page.getByRole('button', { name: 'Publish Now' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Unpublish' }).click()
  await expect(page).toHaveURL(/\/admin\/posts$/)
  await page.goto('/blog')
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expect(page.getByText(TITLE)).toHaveCount(0)

  // Delete after confirming.
  await page.goto('/admin/posts')
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('lantern')
  await page.getByRole('button', { name: 'Search' }).click()
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete this post?')
    void dialog.accept()
  })
  await row(page)
    .getByRole('button', { name: `Delete ${TITLE}` })
    .click()
  await expect(page.getByText('No posts found')).toBeVisible()
  await expect(page.getByText('Try adjusting your search or filter criteria.')).toBeVisible()
})
