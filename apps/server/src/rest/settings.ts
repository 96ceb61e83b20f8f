import { messages } from '@wayfarer/api'
import type { Api, RestRoute } from './route'

// The procedure validates the body with its zod schema.
type SaveInput = Parameters<Api['settings']['saveAi']>[0]

export const settingsRoutes: RestRoute[] = [
  { method: 'GET', url: '/api/settings/ai', handle: async (api) => ({ data: await api.settings.ai() }) },
  {
    method: 'POST',
    url: '/api/settings/ai',
    handle: async (api, req) => ({ data: await api.settings.saveAi(req.body as SaveInput), message: messages.ai.saved }),
  },
]
