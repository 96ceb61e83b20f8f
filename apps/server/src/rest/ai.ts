import type { Api, RestRoute } from './route'

// The procedures validate every field with their zod schemas; these routes only pass the JSON body through.
type GenerateInput = Parameters<Api['ai']['generate']>[0]
type TestInput = Parameters<Api['ai']['test']>[0]

export const aiRoutes: RestRoute[] = [
  {
    method: 'POST',
    url: '/api/ai/test',
    handle: async (api, req) => {
      const { message } = await api.ai.test({ ...req.body, apiKey: String(req.body.apiKey ?? '') } as TestInput)
      return { data: { message }, message }
    },
  },
  {
    method: 'POST',
    url: '/api/ai/generate',
    handle: async (api, req) => ({ data: await api.ai.generate(req.body as GenerateInput) }),
  },
]
