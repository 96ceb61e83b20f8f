import { aiSettingsInput, aiSettingsOutput } from '../ai/schema'
import { adminProcedure, publicProcedure, router } from '../trpc'
import { messages } from '../messages'
import { getAiSettings, saveAiSettings } from './ai-settings'
import { publicSiteSettings, siteFiguresOutput, siteSettings } from './site-schema'
import { publicSiteSettingsOf, saveSiteSettings, siteFigures } from './site-settings'

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
  site: publicProcedure
    .meta({
      rest: { method: 'GET', path: '/api/settings/site', summary: "The site's name, texts, links and language" },
    })
    .output(publicSiteSettings)
    .query(({ ctx }) => publicSiteSettingsOf(ctx.deps)),
  saveSite: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/settings/site',
        summary: 'Save the site settings',
        message: messages.site.saved,
      },
    })
    .input(siteSettings)
    .output(siteSettings)
    .mutation(({ ctx, input }) => saveSiteSettings(ctx.deps, input)),
  figures: publicProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/settings/figures',
        summary: 'The figures Home, Gallery and About show (counted, or set by the owner)',
      },
    })
    .output(siteFiguresOutput)
    .query(({ ctx }) => siteFigures(ctx.deps)),
})
