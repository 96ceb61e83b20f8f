import type { AppDeps } from '../deps'
import { InvalidInputError, RateLimitedError, UnavailableError, UpstreamError, type DomainError } from '../errors'
import { messages } from '../messages'
import { keyForTest, resolveAiSettings } from '../settings/ai-settings'
import { buildPrompt, countWords } from './prompt'
import { upstreamModel, type AiGenerateInput, type AiGenerateOutput, type AiModel } from './schema'
import { TextGenerationError, type TextGenerationFailure } from './text-generator'

export interface GenerateTextRequest extends Pick<AiGenerateInput, 'prompt' | 'type' | 'context'> {
  /** A photo to describe (multimodal), e.g. for gallery metadata. */
  image?: { data: Uint8Array; mimeType: string } | undefined
}

/**
 * Generates text with the saved AI settings (enabled, key, model, max tokens). Throws domain errors with the
 * owner-facing texts: AI off or unconfigured, empty prompt, and every Gemini failure.
 */
export async function generateText(deps: AppDeps, request: GenerateTextRequest): Promise<AiGenerateOutput> {
  if (!request.prompt.trim()) throw new InvalidInputError(messages.ai.emptyPrompt)
  const settings = await resolveAiSettings(deps)
  if (!settings.enabled) throw new UnavailableError(messages.ai.disabled)
  if (!settings.apiKey) throw new UnavailableError(messages.ai.noKey)
  const { system, prompt } = buildPrompt(request)
  let text: string
  try {
    text = await deps.textGenerator.generate({
      apiKey: settings.apiKey,
      model: upstreamModel(settings.model),
      prompt,
      systemInstruction: system,
      maxOutputTokens: settings.maxTokens,
      image: request.image,
    })
  } catch (error) {
    throw domainErrorOf(error)
  }
  const content = text.trim()
  if (!content) throw new UpstreamError(messages.ai.emptyAnswer)
  return { content, wordCount: countWords(content) }
}

/** POST /api/ai/test: a real call to Gemini with the given (or, for the masked hint, the stored) key. */
export async function testApiKey(
  deps: AppDeps,
  input: { apiKey: string; model?: AiModel | undefined },
): Promise<{ message: string }> {
  if (!input.apiKey.trim()) throw new InvalidInputError(messages.ai.emptyKey)
  const key = await keyForTest(deps, input.apiKey.trim())
  if (!key) throw new InvalidInputError(messages.ai.emptyKey)
  const model = input.model ?? (await resolveAiSettings(deps)).model
  try {
    await deps.textGenerator.check(key, upstreamModel(model))
  } catch (error) {
    throw domainErrorOf(error)
  }
  return { message: messages.ai.testOk }
}

function domainErrorOf(error: unknown): DomainError {
  if (!(error instanceof TextGenerationError)) throw error
  const failure: TextGenerationFailure = error.failure
  switch (failure.kind) {
    case 'bad-key':
      return new UpstreamError(messages.ai.badKey)
    case 'rate-limited':
      return new RateLimitedError(messages.ai.rateLimited, failure.retryAfterSeconds)
    case 'model-unavailable':
      return new UpstreamError(messages.ai.modelUnavailable)
    case 'blocked':
      return new UpstreamError(messages.ai.blocked)
    case 'unreachable':
      return new UpstreamError(messages.ai.unreachable)
    case 'timeout':
      return new UpstreamError(messages.ai.timeout)
    case 'failed':
      return new UpstreamError(messages.ai.upstreamFailed)
  }
}
