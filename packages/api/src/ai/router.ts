import { z } from 'zod'
import { adminProcedure, router } from '../trpc'
import { aiGenerateInput, aiGenerateOutput, aiTestInput } from './schema'
import { generateText, testApiKey } from './service'

export const aiRouter = router({
  test: adminProcedure
    .input(aiTestInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => testApiKey(ctx.deps, input)),
  generate: adminProcedure
    .input(aiGenerateInput)
    .output(aiGenerateOutput)
    .mutation(({ ctx, input }) => generateText(ctx.deps, input)),
})
