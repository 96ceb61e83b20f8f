import { aiSettingsInput, aiSettingsOutput } from '../ai/schema'
import { adminProcedure, router } from '../trpc'
import { getAiSettings, saveAiSettings } from './ai-settings'

export const settingsRouter = router({
  ai: adminProcedure.output(aiSettingsOutput).query(({ ctx }) => getAiSettings(ctx.deps)),
  saveAi: adminProcedure
    .input(aiSettingsInput)
    .output(aiSettingsOutput)
    .mutation(({ ctx, input }) => saveAiSettings(ctx.deps, input)),
})
