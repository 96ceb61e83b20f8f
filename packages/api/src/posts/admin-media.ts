import type { AppDeps } from '../deps'
import { InvalidInputError, NotFoundError } from '../errors'
import { messages } from '../messages'
import { validateImage } from '../media/image-validation'
import { generateText } from '../ai/service'
import type { AiGenerateInput, AiGenerateOutput } from '../ai/schema'
import { suggestPlaceFromPhoto } from '../places/photo-location'
import type { PhotoPlaceSuggestion } from '../places/schema'

/** The image-store folder of posts' featured images. */
export const POST_IMAGE_FOLDER = 'posts'

async function postOrThrow(deps: AppDeps, id: number) {
  const post = await deps.prisma.post.findUnique({
    where: { id },
    select: { title: true, locationName: true, category: { select: { name: true } } },
  })
  if (!post) throw new NotFoundError(messages.posts.missing)
  return post
}

/**
 * POST /api/posts/{id}/upload: a PNG, JPEG or GIF (judged by its bytes and a full decode, not the client's
 * claims), at most 10 MB, re-encoded without metadata and stored in the image store.
 */
export async function uploadPostImage(
  deps: AppDeps,
  id: number,
  bytes: Uint8Array | undefined,
): Promise<{ url: string; width: number; height: number; place_suggestion: PhotoPlaceSuggestion | null }> {
  const post = await postOrThrow(deps, id)
  if (!bytes?.byteLength) throw new InvalidInputError(messages.posts.noImage)
  const image = await validateImage(bytes, ['png', 'jpeg', 'gif'])
  // Read from the upload as sent: the stored copy has no metadata left. Only suggested, never stored here.
  const suggestion = await suggestPlaceFromPhoto(bytes, deps.places.gazetteer, deps.places.precision)
  const stored = await deps.imageStore.upload(image.data, POST_IMAGE_FOLDER, { title: post.title })
  return { url: stored.url, width: stored.width, height: stored.height, place_suggestion: suggestion }
}

/** POST /api/posts/{id}/ai/generate: like /api/ai/generate, with the post's own title, category and place as default context. */
export async function generateForPost(deps: AppDeps, id: number, input: AiGenerateInput): Promise<AiGenerateOutput> {
  const post = await postOrThrow(deps, id)
  const context = {
    title: post.title,
    ...(post.category ? { category: post.category.name } : {}),
    ...(post.locationName ? { location: post.locationName } : {}),
    ...Object.fromEntries(Object.entries(input.context ?? {}).filter(([, v]) => v !== undefined && v !== '')),
  }
  return generateText(deps, { ...input, context })
}
