import type { AiGenerateInput, AiGenerationType } from './schema'

const SYSTEM =
  'You are the writing assistant of a travel blog. Write vivid, accurate, friendly prose in the language of the request. ' +
  'Answer with the requested text only: no preamble, no markdown headings unless asked.'

const instructionFor: Record<AiGenerationType, string> = {
  content: 'Write blog post content (several paragraphs) for the request below.',
  title:
    'Suggest one engaging blog post title (under 70 characters) for the request below. Answer with the title only.',
  excerpt: 'Write a one or two sentence excerpt (under 160 characters) that makes readers want to open the post below.',
  seo: 'Write an SEO meta description (under 160 characters) for the post below.',
  custom: '',
}

/** The system instruction and the user prompt for one generation request. */
export function buildPrompt(input: Pick<AiGenerateInput, 'prompt' | 'type' | 'context'>): {
  system: string
  prompt: string
} {
  const type = input.type ?? 'custom'
  const context = input.context ?? {}
  const keywords = Array.isArray(context.keywords) ? context.keywords.join(', ') : context.keywords
  const facts = [
    context.title && `Post title: ${context.title}`,
    context.category && `Category: ${context.category}`,
    context.location && `Location: ${context.location}`,
    keywords && `Keywords: ${keywords}`,
  ].filter(Boolean)
  const prompt = [
    instructionFor[type],
    facts.length ? `Context:\n${facts.join('\n')}` : '',
    `Request:\n${input.prompt}`,
  ]
    .filter(Boolean)
    .join('\n\n')
  return { system: SYSTEM, prompt }
}

export const countWords = (text: string): number => text.trim().split(/\s+/).filter(Boolean).length
