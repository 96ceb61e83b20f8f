import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { z } from 'zod'

/** API keys with a fixed misbehaviour; any other non-empty key works. */
export const fakeGeminiKeys = {
  good: 'fake-gemini-key-0001',
  bad: 'fake-bad-key',
  rateLimited: 'fake-rate-limited-key',
} as const

/** What the fake answers to a prompt unless the prompt asks for JSON or a reply function is given. */
export const FAKE_GEMINI_REPLY = 'Golden light spilled over the harbour as the fishing boats came home.'

/** A prompt containing this marker is answered with a safety block. */
export const FAKE_GEMINI_BLOCK_MARKER = 'PLEASE-BLOCK-THIS'

export interface FakeGeminiRequest {
  model: string
  method: 'generateContent' | 'countTokens' | string
  apiKey: string
  body: unknown
  /** The request's content parts (text and inline images), read with a zod schema; empty when the body has none. */
  parts: GeminiPart[]
}

export interface FakeGeminiOptions {
  port?: number
  /** Models answered with 404, like Google's retired ones. */
  unknownModels?: string[]
  reply?: (prompt: string, model: string) => string
}

export interface FakeGemini {
  url: string
  requests: FakeGeminiRequest[]
  close(): Promise<void>
}

const JSON_REPLY = JSON.stringify({
  title: 'Harbour at Dusk',
  caption: 'Fishing boats drift home under a copper sky.',
  location: 'Essaouira, Morocco',
  tags: ['harbour', 'sunset', 'boats', 'morocco'],
})

/**
 * A loopback stand-in for the Gemini REST API (v1beta generateContent and countTokens), enough for
 * @google/generative-ai to run its real code paths: text answers, API_KEY_INVALID, 429 with RetryInfo,
 * 404 for unknown models and SAFETY blocks.
 */
export async function startFakeGemini(options: FakeGeminiOptions = {}): Promise<FakeGemini> {
  const requests: FakeGeminiRequest[] = []
  const server = createServer((req, res) => {
    void handle(req, res).catch(() =>
      send(res, 500, { error: { code: 500, message: 'fake failed', status: 'INTERNAL' } }),
    )
  })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const match = /^\/v1beta\/models\/([^:/]+):(\w+)/.exec(req.url ?? '')
    const body = await readJson(req)
    if (req.method !== 'POST' || !match)
      return send(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } })
    const [, model = '', method = ''] = match
    const apiKey = String(req.headers['x-goog-api-key'] ?? '')
    const parts = partsOf(body)
    requests.push({ model, method, apiKey, body, parts })

    if (!apiKey || apiKey === fakeGeminiKeys.bad) {
      return send(res, 400, {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'API_KEY_INVALID',
              domain: 'googleapis.com',
            },
          ],
        },
      })
    }
    if (apiKey === fakeGeminiKeys.rateLimited) {
      return send(res, 429, {
        error: {
          code: 429,
          message: 'Resource has been exhausted (e.g. check quota).',
          status: 'RESOURCE_EXHAUSTED',
          details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '17s' }],
        },
      })
    }
    if (options.unknownModels?.includes(model)) {
      return send(res, 404, {
        error: { code: 404, message: `models/${model} is not found for API version v1beta`, status: 'NOT_FOUND' },
      })
    }
    if (method === 'countTokens') return send(res, 200, { totalTokens: 1 })
    if (method !== 'generateContent')
      return send(res, 404, { error: { code: 404, message: 'Unknown method', status: 'NOT_FOUND' } })

    const prompt = parts.map((p) => p.text ?? '').join('\n')
    if (prompt.includes(FAKE_GEMINI_BLOCK_MARKER)) {
      return send(res, 200, {
        candidates: [{ finishReason: 'SAFETY', index: 0 }],
        promptFeedback: { blockReason: 'SAFETY' },
      })
    }
    const text = options.reply ? options.reply(prompt, model) : /\bJSON\b/.test(prompt) ? JSON_REPLY : FAKE_GEMINI_REPLY
    return send(res, 200, {
      candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 12, totalTokenCount: 22 },
    })
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The part of a generateContent request the fake reads: the content parts. Anything else reads as no parts. */
const geminiPart = z.object({
  text: z.string().optional(),
  inlineData: z.object({ mimeType: z.string(), data: z.string() }).optional(),
})
export type GeminiPart = z.infer<typeof geminiPart>
const generateContentBody = z.object({ contents: z.array(z.object({ parts: z.array(geminiPart).optional() })) })

function partsOf(body: unknown): GeminiPart[] {
  const parsed = generateContentBody.safeParse(body)
  return parsed.success ? parsed.data.contents.flatMap((c) => c.parts ?? []) : []
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  if (!chunks.length) return null
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    return null
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}
