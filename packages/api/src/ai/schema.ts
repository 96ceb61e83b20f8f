import { z } from 'zod'
import { messages } from '../messages'
import { text } from '../input-policy'

/**
 * Every model name the settings accept: the documented three (offered in the screen, the first is the default) plus
 * current Gemini names, which REST clients and older saved settings may use (INTEGRATIONS.md).
 */
export const aiModels = [
  'gemini-1.5-pro',
  'gemini-1.5-flash',
  'gemini-pro',
  'gemini-2.5-pro',
  'gemini-2.5-flash',
  'gemini-2.5-flash-lite',
  'gemini-2.0-flash',
  'gemini-2.0-flash-lite',
] as const
export const aiModel = z.enum(aiModels, { error: 'Choose one of the offered models' })
export type AiModel = z.infer<typeof aiModel>

/** The choices the settings screen offers: the list of docs/product.md ("Rules and limits"), the first one recommended and the default. */
export const offeredAiModels = [
  'gemini-1.5-pro',
  'gemini-1.5-flash',
  'gemini-pro',
] as const satisfies readonly AiModel[]

/**
 * Google has retired the documented three models (their names answer 404), so each one runs on the current model of
 * the same kind. The setting keeps the documented name; only the upstream call uses the current one.
 */
const currentModelFor: Partial<Record<AiModel, AiModel>> = {
  'gemini-1.5-pro': 'gemini-2.5-pro',
  'gemini-1.5-flash': 'gemini-2.5-flash',
  'gemini-pro': 'gemini-2.5-flash-lite',
}
export const upstreamModel = (model: AiModel): AiModel => currentModelFor[model] ?? model

// The reply-length slider: 500..4096 step 256, default 2048 (docs/product.md, "Rules and limits").
export const AI_MAX_TOKENS = { min: 500, max: 4096, step: 256, default: 2048 } as const

/**
 * The slider's stops: the minimum, then the multiples of the step from one step above it up to the maximum
 * (500, 768, 1024 … 4096). Counting 256 from 500 would never reach 2048 or 4096, the documented default and maximum.
 */
export const AI_MAX_TOKEN_STOPS: readonly number[] = [
  AI_MAX_TOKENS.min,
  ...Array.from({ length: AI_MAX_TOKENS.max / AI_MAX_TOKENS.step }, (_, i) => (i + 1) * AI_MAX_TOKENS.step).filter(
    (n) => n >= AI_MAX_TOKENS.min + AI_MAX_TOKENS.step,
  ),
]

/** The stop nearest to a saved value (older versions could save values between stops, such as 2036). */
export const nearestTokenStop = (value: number): number =>
  AI_MAX_TOKEN_STOPS.reduce((best, stop) => (Math.abs(stop - value) < Math.abs(best - value) ? stop : best))

// Gemini keys are printable ASCII; anything else could not even travel in the request header. The one exception
// is the masked hint the settings screen shows for the stored key (eight bullets and its last four characters).
const apiKey = text('API key')
  .trim()
  .max(200)
  .regex(/^(?:•{8})?[\x20-\x7E]*$/, 'The API key may only contain letters, digits and punctuation')

export const aiSettingsOutput = z.object({
  /** Never the key itself: a masked hint of the stored key, or '' when none is stored. */
  geminiApiKey: z.string(),
  hasApiKey: z.boolean(),
  enabled: z.boolean(),
  model: aiModel,
  maxTokens: z.number().int(),
})
export type AiSettings = z.infer<typeof aiSettingsOutput>

export const aiSettingsInput = z.object({
  /** A new key; omitted or equal to the masked hint keeps the stored key; '' removes it. */
  geminiApiKey: apiKey.optional(),
  enabled: z.boolean(),
  model: aiModel,
  maxTokens: z
    .number()
    .int()
    .min(AI_MAX_TOKENS.min, `Max tokens must be between ${AI_MAX_TOKENS.min} and ${AI_MAX_TOKENS.max}`)
    .max(AI_MAX_TOKENS.max, `Max tokens must be between ${AI_MAX_TOKENS.min} and ${AI_MAX_TOKENS.max}`),
})
export type AiSettingsInput = z.infer<typeof aiSettingsInput>

export const aiTestInput = z.object({
  apiKey,
  model: aiModel.optional(),
})

export const aiGenerationTypes = ['content', 'title', 'excerpt', 'seo', 'custom'] as const
export const aiGenerationType = z.enum(aiGenerationTypes, { error: 'Unknown generation type' })
export type AiGenerationType = z.infer<typeof aiGenerationType>

const contextField = text('Context').trim().max(500).optional()
export const aiGenerateInput = z.object({
  prompt: text('Prompt').trim().min(1, messages.ai.emptyPrompt).max(10_000, 'Prompt is too long'),
  type: aiGenerationType.default('custom'),
  context: z
    .object({
      title: contextField,
      category: contextField,
      location: contextField,
      keywords: z.union([contextField, z.array(text('Keyword').trim().max(100)).max(30)]),
    })
    .partial()
    .optional(),
})
export type AiGenerateInput = z.input<typeof aiGenerateInput>

export const aiGenerateOutput = z.object({ content: z.string(), wordCount: z.number().int() })
export type AiGenerateOutput = z.infer<typeof aiGenerateOutput>
