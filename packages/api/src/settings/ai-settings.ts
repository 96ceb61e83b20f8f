import { z } from 'zod'
import type { AppDeps } from '../deps'
import { AI_MAX_TOKENS, aiModel, type AiSettings, type AiSettingsInput } from '../ai/schema'
import { openSecret, sealSecret } from './secret-box'

const SETTINGS_KEY = 'ai'
const PURPOSE = 'settings:ai:gemini-key'

/** What the `settings` row holds; the key only ever as an AES-GCM box. */
const storedAiSettings = z.object({
  sealedKey: z.string().nullable().default(null),
  keyHint: z.string().default(''),
  enabled: z.boolean().default(false),
  model: aiModel.catch('gemini-1.5-pro').default('gemini-1.5-pro'),
  maxTokens: z
    .number()
    .int()
    .min(AI_MAX_TOKENS.min)
    .max(AI_MAX_TOKENS.max)
    .catch(AI_MAX_TOKENS.default)
    .default(AI_MAX_TOKENS.default),
})
type StoredAiSettings = z.infer<typeof storedAiSettings>

/** The settings with the key opened, for services that call Gemini. Never returned to a client. */
export interface ResolvedAiSettings {
  apiKey: string | null
  enabled: boolean
  model: AiSettings['model']
  maxTokens: number
}

/** A hint that lets the owner recognise the key without revealing it. */
export const maskKey = (key: string): string => `${'•'.repeat(8)}${key.length > 8 ? key.slice(-4) : ''}`

async function readStored(deps: AppDeps): Promise<StoredAiSettings> {
  const row = await deps.prisma.setting.findUnique({ where: { key: SETTINGS_KEY } })
  const parsed = storedAiSettings.safeParse(row?.value ?? {})
  return parsed.success ? parsed.data : storedAiSettings.parse({})
}

export async function getAiSettings(deps: AppDeps): Promise<AiSettings> {
  const stored = await readStored(deps)
  return {
    geminiApiKey: stored.sealedKey ? stored.keyHint : '',
    hasApiKey: stored.sealedKey !== null,
    enabled: stored.enabled,
    model: stored.model,
    maxTokens: stored.maxTokens,
  }
}

export async function resolveAiSettings(deps: AppDeps): Promise<ResolvedAiSettings> {
  const stored = await readStored(deps)
  const apiKey = stored.sealedKey ? openSecret(deps.config.secretKey, PURPOSE, stored.sealedKey) : null
  return { apiKey, enabled: stored.enabled, model: stored.model, maxTokens: stored.maxTokens }
}

/** The key the owner means: a new one, or (when the form sent back the hint or nothing) the stored one. */
export function isKeptKey(submitted: string | undefined, stored: { keyHint: string; hasKey: boolean }): boolean {
  return submitted === undefined || (stored.hasKey && submitted === stored.keyHint)
}

export async function saveAiSettings(deps: AppDeps, input: AiSettingsInput): Promise<AiSettings> {
  const stored = await readStored(deps)
  const keep = isKeptKey(input.geminiApiKey, { keyHint: stored.keyHint, hasKey: stored.sealedKey !== null })
  const newKey = keep ? null : (input.geminiApiKey ?? '')
  const next: StoredAiSettings = {
    sealedKey: keep ? stored.sealedKey : newKey ? sealSecret(deps.config.secretKey, PURPOSE, newKey) : null,
    keyHint: keep ? stored.keyHint : newKey ? maskKey(newKey) : '',
    enabled: input.enabled,
    model: input.model,
    maxTokens: input.maxTokens,
  }
  await deps.prisma.setting.upsert({
    where: { key: SETTINGS_KEY },
    create: { key: SETTINGS_KEY, value: next },
    update: { value: next },
  })
  return getAiSettings(deps)
}

/** The key a test call should use: the typed one, or the stored one when the form still shows its hint. */
export async function keyForTest(deps: AppDeps, submitted: string): Promise<string> {
  const stored = await readStored(deps)
  if (stored.sealedKey && submitted === stored.keyHint) {
    return openSecret(deps.config.secretKey, PURPOSE, stored.sealedKey) ?? ''
  }
  return submitted
}
