import { aiSettingsInput, aiSettingsOutput } from '../ai/schema'
import { adminProcedure, router } from '../trpc'
import { messages } from '../messages'
import { getAiSettings, saveAiSettings } from './ai-settings'

export const settingsRouter = router({
  ai: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/settings/ai', summary: 'AI settings (the key is never sent back)' } })
    .output(aiSettingsOutput)
    .query(({ ctx }) => getAiSettings(ctx.deps)),
  saveAi: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/settings/ai', summary: 'Save the AI settings', message: messages.ai.saved },
    })
    .input(aiSettingsInput)
    .output(aiSettingsOutput)
    .mutation(({ ctx, input }) => saveAiSettings(ctx.deps, input)),
})
