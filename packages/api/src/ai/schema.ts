import { z } from 'zod'
import { messages } from '../messages'

/** The spec's three models (offered first, the first is the default) plus current Gemini names (INTEGRATIONS.md). */
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

// SPEC.md §9: max tokens slider 500..4096 step 256, default 2048.
export const AI_MAX_TOKENS = { min: 500, max: 4096, step: 256, default: 2048 } as const

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
  geminiApiKey: z.string().trim().max(200).optional(),
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
  apiKey: z.string().trim().max(200),
  model: aiModel.optional(),
})

export const aiGenerationTypes = ['content', 'title', 'excerpt', 'seo', 'custom'] as const
export const aiGenerationType = z.enum(aiGenerationTypes, { error: 'Unknown generation type' })
export type AiGenerationType = z.infer<typeof aiGenerationType>

const contextField = z.string().trim().max(500).optional()
export const aiGenerateInput = z.object({
  prompt: z.string().trim().min(1, messages.ai.emptyPrompt).max(10_000, 'Prompt is too long'),
  type: aiGenerationType.default('custom'),
  context: z
    .object({
      title: contextField,
      category: contextField,
      location: contextField,
      keywords: z.union([contextField, z.array(z.string().trim().max(100)).max(30)]),
    })
    .partial()
    .optional(),
})
export type AiGenerateInput = z.input<typeof aiGenerateInput>

export const aiGenerateOutput = z.object({ content: z.string(), wordCount: z.number().int() })
export type AiGenerateOutput = z.infer<typeof aiGenerateOutput>
