import {
  GoogleGenerativeAI,
  GoogleGenerativeAIAbortError,
  GoogleGenerativeAIFetchError,
  GoogleGenerativeAIResponseError,
  type Part,
} from '@google/generative-ai'
import {
  TextGenerationError,
  type TextGenerationFailure,
  type TextGenerationRequest,
  type TextGenerator,
} from './text-generator'

const TIMEOUT_MS = 60_000

/** TextGenerator on Google's Gemini API through @google/generative-ai; `baseUrl` points tests at a fake. */
export class GeminiTextGenerator implements TextGenerator {
  private readonly baseUrl: string | undefined

  constructor(options: { baseUrl?: string | undefined } = {}) {
    // The SDK joins paths onto the base URL: a trailing slash would produce `//v1beta`.
    this.baseUrl = options.baseUrl?.replace(/\/+$/, '')
  }

  async generate(request: TextGenerationRequest): Promise<string> {
    const model = new GoogleGenerativeAI(request.apiKey).getGenerativeModel(
      {
        model: request.model,
        ...(request.systemInstruction ? { systemInstruction: request.systemInstruction } : {}),
        generationConfig: { maxOutputTokens: request.maxOutputTokens },
      },
      this.requestOptions(),
    )
    const parts: Part[] = [{ text: request.prompt }]
    if (request.image)
      parts.push({
        inlineData: { mimeType: request.image.mimeType, data: Buffer.from(request.image.data).toString('base64') },
      })
    try {
      const result = await model.generateContent(
        { contents: [{ role: 'user', parts }] },
        { signal: AbortSignal.timeout(TIMEOUT_MS) },
      )
      return result.response.text()
    } catch (error) {
      throw new TextGenerationError(failureOf(error))
    }
  }

  async check(apiKey: string, model: string): Promise<void> {
    const generative = new GoogleGenerativeAI(apiKey).getGenerativeModel({ model }, this.requestOptions())
    try {
      await generative.countTokens('ping', { signal: AbortSignal.timeout(TIMEOUT_MS) })
    } catch (error) {
      throw new TextGenerationError(failureOf(error))
    }
  }

  private requestOptions() {
    return this.baseUrl ? { baseUrl: this.baseUrl } : {}
  }
}

interface ErrorDetail {
  '@type'?: string
  reason?: string
  retryDelay?: string
}

/** Sorts an SDK error into the failures the owner can act on. */
export function failureOf(error: unknown): TextGenerationFailure {
  if (error instanceof GoogleGenerativeAIResponseError) return { kind: 'blocked' }
  if (error instanceof GoogleGenerativeAIFetchError) {
    const details = (error.errorDetails ?? []) as ErrorDetail[]
    const status = error.status
    if (details.some((d) => d.reason === 'API_KEY_INVALID') || status === 401 || status === 403)
      return { kind: 'bad-key' }
    if (status === 429) {
      const delay = details.find((d) => typeof d.retryDelay === 'string')?.retryDelay
      const seconds = delay ? Math.ceil(Number.parseFloat(delay)) : NaN
      return { kind: 'rate-limited', retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 60 }
    }
    if (status === 404) return { kind: 'model-unavailable' }
    return { kind: 'failed', status }
  }
  if (error instanceof GoogleGenerativeAIAbortError) return { kind: 'timeout' }
  if (
    error instanceof Error &&
    (error.name === 'TimeoutError' || error.name === 'AbortError' || /aborted/i.test(error.message))
  ) {
    return { kind: 'timeout' }
  }
  if (
    error instanceof Error &&
    /fetch failed|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET/i.test(`${error.message} ${String(error.cause ?? '')}`)
  ) {
    return { kind: 'unreachable' }
  }
  return { kind: 'failed' }
}
