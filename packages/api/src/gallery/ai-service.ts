import sharp from 'sharp'
import type { AppDeps } from '../deps'
import type { GenerateTextRequest } from '../ai/service'
import { cleanGalleryMetadata, galleryMetadataPrompt, pickGalleryAiStyle, type GalleryAiMetadata } from './ai-metadata'

/** The AI text service (ai/service generateText: the saved AI settings, Gemini errors as domain errors). */
export type GenerateText = (deps: AppDeps, request: GenerateTextRequest) => Promise<{ content: string }>

export interface DescribePhotoInput {
  public_id: string
  title?: string | undefined
  caption?: string | undefined
  location?: string | undefined
  tags?: string[] | undefined
}

/**
 * Asks the AI for a photo's title, caption, location and tags in a random style, sending the photo itself so
 * the text describes what is in it, and cleans the answer (docs/product.md, "Rules and limits").
 */
export async function describePhoto(
  deps: AppDeps,
  input: DescribePhotoInput,
  generate: GenerateText,
  random = Math.random,
): Promise<GalleryAiMetadata> {
  const stored = await deps.imageStore.read(input.public_id)
  // A JPEG of at most 1536 px: a format Gemini takes whatever was uploaded (GIF is not), and far fewer bytes.
  const image = await sharp(stored.data, { animated: false })
    .resize({ width: 1536, height: 1536, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer()
  const style = pickGalleryAiStyle(random)
  const prompt = galleryMetadataPrompt(style, {
    title: input.title,
    caption: input.caption,
    location: input.location,
    tags: input.tags,
    filename: input.public_id.split('/').pop(),
  })
  const answer = await generate(deps, {
    prompt,
    // The hints are in the prompt itself: the post-oriented context block ("Post title: …") would mislead here.
    type: 'custom',
    image: { data: image, mimeType: 'image/jpeg' },
  })
  return cleanGalleryMetadata(answer.content)
}
