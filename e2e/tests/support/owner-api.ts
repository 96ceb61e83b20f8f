import { expect, type APIRequestContext } from '@playwright/test'
import { owner } from '../../playwright.config'

/** A bearer token of the owner, through the REST sign-in path. */
export async function ownerToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: owner })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { data: { token: string } }).data.token
}

/** Creates a post through the REST path and answers its id and slug. */
export async function createPost(
  request: APIRequestContext,
  token: string,
  post: { title: string; content: string; status: 'draft' | 'published'; excerpt?: string },
): Promise<{ id: number; slug: string }> {
  const res = await request.post('/api/posts', {
    headers: { authorization: `Bearer ${token}` },
    data: { excerpt: '', ...post },
  })
  expect(res.status(), await res.text()).toBe(200)
  const { id } = ((await res.json()) as { data: { id: number } }).data
  const found = await request.get(`/api/posts/admin/${id}`, { headers: { authorization: `Bearer ${token}` } })
  return { id, slug: ((await found.json()) as { data: { slug: string } }).data.slug }
}

export async function deletePost(request: APIRequestContext, token: string, id: number): Promise<void> {
  await request.delete(`/api/posts/${id}`, { headers: { authorization: `Bearer ${token}` } })
}

/** The ids of every post, whatever its status (the admin list, page by page). */
export async function allPostIds(request: APIRequestContext, token: string): Promise<number[]> {
  const ids: number[] = []
  for (let page = 1; ; page++) {
    const res = await request.get(`/api/posts/admin?limit=100&page=${page}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const rows = ((await res.json()) as { data: { id: number }[] }).data
    ids.push(...rows.map((r) => r.id))
    if (rows.length < 100) return ids
  }
}
