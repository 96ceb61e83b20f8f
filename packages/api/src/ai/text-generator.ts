/** One request for generated text; the key and model come from the saved AI settings. */
export interface TextGenerationRequest {
  apiKey: string
  model: string
  prompt: string
  systemInstruction?: string | undefined
  maxOutputTokens: number
  /** Sent along with the prompt for multimodal models (e.g. gallery metadata for a photo). */
  image?: { data: Uint8Array; mimeType: string } | undefined
}

/** Why an upstream call failed, in terms the service turns into the owner-facing messages. */
export type TextGenerationFailure =
  | { kind: 'bad-key' }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'model-unavailable' }
  | { kind: 'blocked' }
  | { kind: 'unreachable' }
  | { kind: 'timeout' }
  | { kind: 'failed'; status?: number | undefined }

export class TextGenerationError extends Error {
  constructor(readonly failure: TextGenerationFailure) {
    super(`text generation failed: ${failure.kind}`)
  }
}

/** A language model behind a small interface (Gemini in production, a loopback fake in tests). */
export interface TextGenerator {
  /** The generated text; throws TextGenerationError. */
  generate(request: TextGenerationRequest): Promise<string>
  /** A cheap call proving that the key and model work; throws TextGenerationError. */
  check(apiKey: string, model: string): Promise<void>
}
