import { z } from 'zod'
import { adminProcedure, router } from '../trpc'
import { aiGenerateInput, aiGenerateOutput, aiTestInput } from './schema'
import { generateText, testApiKey } from './service'

export const aiRouter = router({
  test: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/ai/test', summary: 'Try an AI key', message: { from: 'message' } } })
    .input(aiTestInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => testApiKey(ctx.deps, input)),
  generate: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/ai/generate', summary: 'AI text from a prompt' } })
    .input(aiGenerateInput)
    .output(aiGenerateOutput)
    .mutation(({ ctx, input }) => generateText(ctx.deps, input)),
})
