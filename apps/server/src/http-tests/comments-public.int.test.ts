import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing/test-server'
import { createCommentablePosts, validComment } from './comments.fixtures'

let server: TestServer
let clock = Date.now()
let postId: number
let draftId: number
let nextAddress = 1
// Each test submits from its own address so the per-address rate limit only bites where it is under test.
const freshIp = () => `10.20.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`

beforeAll(async () => {
  server = await startTestServer({ deps: { now: () => new Date(clock) } })
  const posts = await createCommentablePosts(server.database.prisma)
  postId = posts.published.id
  draftId = posts.draft.id
})
afterAll(() => server.close())

const submit = (payload: object, ip = freshIp()) =>
  server.app.inject({ method: 'POST', url: '/api/comments/submit', payload, remoteAddress: ip })
const publicList = (id: number, query = '') =>
  server.app.inject({ method: 'GET', url: `/api/comments/post/${id}${query}` })
const stored = (content: string) => server.database.prisma.comment.findMany({ where: { content } })

describe('submitting a comment', () => {
  it('stores it as pending with a hashed address and says it will be reviewed', async () => {
    const content = 'Pending until the owner reads it, thanks!'
    const res = await submit(validComment(postId, { content, author_website: 'https://maya.example.com' }), '10.9.9.9')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      data: { received: true },
      message: 'Thank you! Your comment has been submitted and will be reviewed before being published.',
    })
    const [comment] = await stored(content)
    expect(comment).toMatchObject({
      status: 'pending',
      postId,
      authorWebsite: 'https://maya.example.com',
      moderatedAt: null,
    })
    expect(comment!.ipHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(comment)).not.toContain('10.9.9.9')
  })

  it('is not public while pending', async () => {
    const content = 'Nobody should see this before review.'
    await submit(validComment(postId, { content }))
    const list = await publicList(postId)
    expect(list.statusCode).toBe(200)
    expect(list.body).not.toContain(content)
  })

  it.each([
    ['name missing', { author_name: undefined }],
    ['name blank', { author_name: '   ' }],
    ['email missing', { author_email: '' }],
    ['content missing', { content: undefined }],
    ['content only spaces', { content: '            ' }],
    ['post id missing', { post_id: undefined }],
  ])('refuses %s with the required-fields message', async (_, overrides) => {
    const res = await submit(validComment(postId, overrides))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, error: 'Please fill in all required fields' })
  })

  it('needs at least 10 characters, counted without surrounding spaces', async () => {
    const short = await submit(validComment(postId, { content: '  123456789  ' }))
    expect(short.statusCode).toBe(400)
    expect(short.json()).toEqual({ success: false, error: 'Comment must be at least 10 characters long' })
    expect((await submit(validComment(postId, { content: '1234567890' }))).statusCode).toBe(200)
  })

  it('accepts 1999 characters and refuses 2000', async () => {
    const longest = 'a'.repeat(1999)
    expect((await submit(validComment(postId, { content: longest }))).statusCode).toBe(200)
    expect(await stored(longest)).toHaveLength(1)
    const tooLong = await submit(validComment(postId, { content: 'b'.repeat(2000) }))
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json()).toEqual({ success: false, error: 'Comment must be less than 2000 characters' })
  })

  it('checks the e-mail and the optional website', async () => {
    const email = await submit(validComment(postId, { author_email: 'not-an-email' }))
    expect(email.statusCode).toBe(400)
    expect(email.json().error).toBe('Please enter a valid email address')
    for (const website of ['javascript:alert(1)', 'ftp://files.example.com', 'maya.example.com']) {
      const res = await submit(validComment(postId, { author_website: website }))
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe('Website must be a URL starting with http:// or https://')
    }
    const content = 'No website given here, which is fine.'
    expect((await submit(validComment(postId, { content, author_website: '' }))).statusCode).toBe(200)
    expect((await stored(content))[0]!.authorWebsite).toBeNull()
  })

  it('refuses comments on missing or unpublished posts with 404', async () => {
    for (const id of [draftId, 999_999]) {
      const res = await submit(validComment(id))
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ success: false, error: 'Post not found' })
    }
  })

  it('stores the text exactly as typed (markup included); rendering it as text is the page’s job', async () => {
    const content = '<script>alert("hi")</script> & <b>bold</b> claims'
    expect((await submit(validComment(postId, { content }))).statusCode).toBe(200)
    expect(await stored(content)).toHaveLength(1)
  })
})

describe('spam defence', () => {
  it('limits each address to one comment per 15 seconds and ten an hour, with 429 and Retry-After', async () => {
    const ip = '10.30.0.1'
    expect((await submit(validComment(postId, { content: 'First comment from this address.' }), ip)).statusCode).toBe(
      200,
    )
    const tooSoon = await submit(validComment(postId, { content: 'Second one right away, too fast.' }), ip)
    expect(tooSoon.statusCode).toBe(429)
    expect(tooSoon.headers['retry-after']).toBe('15')
    expect(tooSoon.json()).toEqual({
      success: false,
      error: 'You are commenting too quickly. Please try again in 15 seconds.',
    })
    expect(await stored('Second one right away, too fast.')).toHaveLength(0)
    expect(
      (await submit(validComment(postId, { content: 'Another address is not affected.' }), '10.30.0.2')).statusCode,
    ).toBe(200)

    for (let i = 2; i <= 10; i++) {
      clock += 16_000
      expect((await submit(validComment(postId, { content: `Comment number ${i} this hour.` }), ip)).statusCode).toBe(
        200,
      )
    }
    clock += 16_000
    const eleventh = await submit(validComment(postId, { content: 'The eleventh within the hour.' }), ip)
    expect(eleventh.statusCode).toBe(429)
    expect(eleventh.json().error).toMatch(/^You are commenting too quickly\. Please try again in \d+ minutes\.$/)
    clock += 3_600_000
    expect((await submit(validComment(postId, { content: 'Back after an hour of silence.' }), ip)).statusCode).toBe(200)
  })

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const content = 'Buy cheap watches, best prices online!'
    const res = await submit(validComment(postId, { content, website_url: 'http://cheap-watches.example' }))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual((await submit(validComment(postId, { content: 'A real reader writes this.' }))).json())
    expect(await stored(content)).toHaveLength(0)
  })

  it('files comments with two or more links as spam; one link stays pending', async () => {
    const twoLinks = 'Great post! See http://a.example and www.b.example for more.'
    const oneLink = 'I wrote about this too: https://my-blog.example/trip'
    expect((await submit(validComment(postId, { content: twoLinks }))).statusCode).toBe(200)
    expect((await submit(validComment(postId, { content: oneLink }))).statusCode).toBe(200)
    expect((await stored(twoLinks))[0]!.status).toBe('spam')
    expect((await stored(oneLink))[0]!.status).toBe('pending')
  })

  it('refuses the same text from the same address, also on another post', async () => {
    const ip = '10.40.0.1'
    const content = 'Copy and paste is a spammer favourite.'
    expect((await submit(validComment(postId, { content }), ip)).statusCode).toBe(200)
    clock += 16_000
    const again = await submit(validComment(postId, { content }), ip)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ success: false, error: 'You have already posted this comment.' })
    expect((await submit(validComment(postId, { content }), '10.40.0.2')).statusCode).toBe(200)
    expect(await stored(content)).toHaveLength(2)
  })
})

describe('reading comments', () => {
  it('lists approved comments newest first, 20 a page, without e-mails', async () => {
    const prisma = server.database.prisma
    const post = await prisma.post.create({
      data: {
        slug: 'busy-post',
        title: 'Busy post',
        status: 'published',
        publishedAt: new Date(),
        authorId: (await prisma.user.findFirstOrThrow()).id,
      },
    })
    const base = Date.now()
    for (let i = 0; i < 23; i++) {
      await prisma.comment.create({
        data: {
          postId: post.id,
          authorName: `Reader ${i}`,
          authorEmail: `secret${i}@example.com`,
          content: `Approved comment ${i}`,
          status: 'approved',
          createdAt: new Date(base + i * 1000),
        },
      })
    }
    await prisma.comment.create({
      data: {
        postId: post.id,
        authorName: 'Denied',
        authorEmail: 'd@example.com',
        content: 'Denied comment',
        status: 'denied',
      },
    })

    const first = await publicList(post.id)
    expect(first.statusCode).toBe(200)
    const body = first.json()
    expect(body.success).toBe(true)
    expect(body.data.pagination).toEqual({ page: 1, limit: 20, total: 23, totalPages: 2 })
    expect(body.data.comments).toHaveLength(20)
    expect(body.data.comments[0]).toEqual({
      id: expect.any(Number),
      post_id: post.id,
      author_name: 'Reader 22',
      author_website: null,
      content: 'Approved comment 22',
      created_at: new Date(base + 22_000).toISOString(),
    })
    expect(first.body).not.toMatch(/@example\.com|author_email|ip_?hash/i)

    const second = (await publicList(post.id, '?page=2')).json()
    expect(second.data.comments.map((c: { content: string }) => c.content)).toEqual([
      'Approved comment 2',
      'Approved comment 1',
      'Approved comment 0',
    ])
  })

  it('answers 404 for a missing or unpublished post and 400 for a bad page', async () => {
    expect((await publicList(draftId)).statusCode).toBe(404)
    expect((await publicList(999_999)).statusCode).toBe(404)
    expect((await publicList(postId, '?page=0')).statusCode).toBe(400)
    expect((await publicList(postId, '?limit=abc')).statusCode).toBe(400)
  })
})
