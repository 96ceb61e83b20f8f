import { expect, test } from '@playwright/test'
import { createPost, deletePost, ownerToken } from './support/owner-api'

// The blog list pages its cards from the server ("Load more") and searches every story, not only the
// loaded ones. 13 extra stories make the demo's 12 into 25: two full pages and one more card.
test('the blog shows 12 cards, loads the rest on "Load more", and searches stories not loaded yet', async ({
  page,
  request,
}) => {
  const token = await ownerToken(request)
  const created: number[] = []
  try {
    for (let i = 1; i <= 13; i++) {
      const title = i === 1 ? 'Paging test: the oldest Zanzibar ferry' : `Paging test story ${i}`
      created.push(
        (
          await createPost(request, token, {
            title,
            content: `<p>Story ${i} of the paging test.</p>`,
            status: 'published',
          })
        ).id,
      )
    }
    await page.goto('/blog')
    const cards = page.getByTestId('post-card')
    await expect(cards).toHaveCount(12)
    await expect(page.getByTestId('result-count')).toHaveText('25 stories found')
    await expect(page.getByRole('button', { name: /^All/ })).toHaveText('All(25)')

    // The oldest story is on no loaded page, yet the search finds it on the server.
    await page.getByLabel('Search stories').fill('zanzibar ferry')
    await expect(cards).toHaveCount(1)
    await expect(cards.first()).toContainText('the oldest Zanzibar ferry')
    await page.getByLabel('Search stories').fill('')
    await expect(cards).toHaveCount(12)

    const loadMore = page.getByRole('button', { name: 'Load more stories' })
    await loadMore.click()
    await expect(cards).toHaveCount(24)
    await loadMore.click()
    await expect(cards).toHaveCount(25)
    await expect(loadMore).toBeHidden()
  } finally {
    for (const id of created) await deletePost(request, token, id)
  }
})
