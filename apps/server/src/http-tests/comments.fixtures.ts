import type { PrismaClient } from '@wayfarer/db'

/** One published and one draft post by the owner, for comment tests. */
export async function createCommentablePosts(prisma: PrismaClient) {
  const author = await prisma.user.findFirstOrThrow()
  const published = await prisma.post.create({
    data: {
      slug: 'salt-flats',
      title: 'Crossing the Salt Flats',
      status: 'published',
      publishedAt: new Date(),
      authorId: author.id,
    },
  })
  const draft = await prisma.post.create({
    data: { slug: 'draft-notes', title: 'Draft notes', status: 'draft', authorId: author.id },
  })
  return { published, draft }
}

export const validComment = (postId: number, overrides: Record<string, unknown> = {}) => ({
  post_id: postId,
  author_name: 'Maya Patel',
  author_email: 'maya@example.com',
  content: 'What a wonderful crossing, thanks for sharing!',
  ...overrides,
})

/** Comments written straight to the database, newest last, for moderation tests. */
export async function insertComments(
  prisma: PrismaClient,
  postId: number,
  specs: { status: 'pending' | 'approved' | 'denied' | 'spam'; content?: string }[],
) {
  const base = Date.now() - specs.length * 60_000
  const created = []
  for (const [i, spec] of specs.entries()) {
    created.push(
      await prisma.comment.create({
        data: {
          postId,
          authorName: `Reader ${i}`,
          authorEmail: `reader${i}@example.com`,
          content: spec.content ?? `Comment number ${i} about the trip.`,
          status: spec.status,
          createdAt: new Date(base + i * 60_000),
        },
      }),
    )
  }
  return created
}
