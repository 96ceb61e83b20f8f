import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { generateText } from '@wayfarer/api'
import {
  FAKE_GEMINI_BLOCK_MARKER,
  FAKE_GEMINI_REPLY,
  fakeGeminiKeys,
  startFakeGemini,
  type FakeGemini,
} from '@wayfarer/fakes/gemini'
import { startTestServer, type TestServer } from '../testing/test-server'

let fake: FakeGemini
let server: TestServer
let token: string
beforeAll(async () => {
  fake = await startFakeGemini({ unknownModels: ['gemini-2.5-flash-lite'] })
  server = await startTestServer({ config: { geminiBaseUrl: fake.url } })
  token = await server.ownerToken()
})
afterAll(async () => {
  await server.close()
  await fake.close()
})
beforeEach(() => {
  fake.requests.length = 0
})

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } })
const saveSettings = (overrides: object = {}) =>
  call('POST', '/api/settings/ai', {
    geminiApiKey: fakeGeminiKeys.good,
    enabled: true,
    model: 'gemini-1.5-pro',
    maxTokens: 1024,
    ...overrides,
  })
const generate = (payload: object) => call('POST', '/api/ai/generate', payload)

describe('AI settings', () => {
  it('start disabled with the documented defaults and no key', async () => {
    const res = await call('GET', '/api/settings/ai')
    expect(res.json()).toEqual({
      success: true,
      data: { geminiApiKey: '', hasApiKey: false, enabled: false, model: 'gemini-1.5-pro', maxTokens: 2048 },
    })
  })

  it('round-trip with the key encrypted at rest and only a masked hint in any response', async () => {
    const saved = await saveSettings()
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({ success: true, message: 'AI settings saved successfully!' })
    expect(saved.body).not.toContain(fakeGeminiKeys.good)
    const read = await call('GET', '/api/settings/ai')
    expect(read.body).not.toContain(fakeGeminiKeys.good)
    expect(read.json().data).toEqual({
      geminiApiKey: '••••••••0001',
      hasApiKey: true,
      enabled: true,
      model: 'gemini-1.5-pro',
      maxTokens: 1024,
    })
    const row = await server.database.prisma.setting.findUniqueOrThrow({ where: { key: 'ai' } })
    expect(JSON.stringify(row.value)).not.toContain(fakeGeminiKeys.good)

    // Sending the hint back (the form's unchanged field) keeps the stored key.
    await saveSettings({ geminiApiKey: '••••••••0001', maxTokens: 2048 })
    await generate({ prompt: 'A day in Lisbon', type: 'content' })
    expect(fake.requests.at(-1)?.apiKey).toBe(fakeGeminiKeys.good)
  })

  it('refuse values outside the rules', async () => {
    expect((await saveSettings({ maxTokens: 100 })).json()).toEqual({
      success: false,
      error: 'Max tokens must be between 500 and 4096',
    })
    expect((await saveSettings({ model: 'gpt-4' })).statusCode).toBe(400)
    expect((await saveSettings({ enabled: 'yes' })).statusCode).toBe(400)
  })
})

describe('AI generation against a fake Gemini', () => {
  beforeEach(async () => {
    await saveSettings()
  })

  it('returns the content and its word count, sending the saved model, max tokens and context', async () => {
    const res = await generate({
      prompt: 'Sunset in Essaouira',
      type: 'excerpt',
      context: { title: 'Morocco', location: 'Essaouira' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, data: { content: FAKE_GEMINI_REPLY, wordCount: 12 } })
    const sent = fake.requests.at(-1)
    // The documented retired model name runs on its current equivalent upstream.
    expect(sent).toMatchObject({ model: 'gemini-2.5-pro', method: 'generateContent', apiKey: fakeGeminiKeys.good })
    expect(sent?.body).toMatchObject({ generationConfig: { maxOutputTokens: 1024 } })
    expect(JSON.stringify(sent?.body)).toContain('Location: Essaouira')
  })

  it('refuses an empty prompt without calling Gemini', async () => {
    const res = await generate({ prompt: '   ', type: 'custom' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, error: 'Please enter a prompt' })
    expect(fake.requests).toHaveLength(0)
  })

  it('says clearly when AI is off or has no key', async () => {
    await saveSettings({ enabled: false })
    expect((await generate({ prompt: 'x' })).json()).toEqual({
      success: false,
      error: 'AI assistance is turned off. Enable it in Settings.',
    })
    await saveSettings({ geminiApiKey: '' })
    const res = await generate({ prompt: 'x' })
    expect(res.statusCode).toBe(412)
    expect(res.json().error).toBe('No Gemini API key is configured. Add one in Settings.')
  })

  it('turns Gemini failures into clear messages', async () => {
    await saveSettings({ geminiApiKey: fakeGeminiKeys.bad })
    const bad = await generate({ prompt: 'x' })
    expect([bad.statusCode, bad.json().error]).toEqual([502, 'The Gemini API key was rejected. Check it in Settings.'])

    await saveSettings({ geminiApiKey: fakeGeminiKeys.rateLimited })
    const limited = await generate({ prompt: 'x' })
    expect([limited.statusCode, limited.headers['retry-after'], limited.json().error]).toEqual([
      429,
      '17',
      'Gemini is rate limiting requests. Try again in a minute.',
    ])

    await saveSettings({ model: 'gemini-pro' })
    const missing = await generate({ prompt: 'x' })
    expect([missing.statusCode, missing.json().error]).toEqual([
      502,
      'model not available — choose another in Settings',
    ])

    await saveSettings()
    const blocked = await generate({ prompt: `Tell me ${FAKE_GEMINI_BLOCK_MARKER}` })
    expect(blocked.json().error).toBe('Gemini declined to answer this prompt for safety reasons. Try rephrasing it.')
  })

  it('reports an unreachable Gemini', async () => {
    const gone = await startFakeGemini()
    await gone.close()
    const offline = await startTestServer({ config: { geminiBaseUrl: gone.url } })
    try {
      const offlineToken = await offline.ownerToken()
      const headers = { authorization: `Bearer ${offlineToken}` }
      await offline.app.inject({
        method: 'POST',
        url: '/api/settings/ai',
        headers,
        payload: { geminiApiKey: fakeGeminiKeys.good, enabled: true, model: 'gemini-1.5-flash', maxTokens: 2048 },
      })
      const res = await offline.app.inject({
        method: 'POST',
        url: '/api/ai/generate',
        headers,
        payload: { prompt: 'x' },
      })
      expect([res.statusCode, res.json().error]).toEqual([
        502,
        'Could not reach Gemini. Check the server connection and try again.',
      ])
    } finally {
      await offline.close()
    }
  })

  it('sends an image along with the prompt for multimodal callers', async () => {
    const image = { data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), mimeType: 'image/png' }
    const result = await generateText(server.app.deps, { prompt: 'Describe this photo as JSON', type: 'custom', image })
    expect(result.content).toContain('"title"')
    const parts = fake.requests.at(-1)?.parts
    expect(parts).toContainEqual({
      inlineData: { mimeType: 'image/png', data: Buffer.from(image.data).toString('base64') },
    })
  })
})

describe('AI key test', () => {
  const test = (payload: object) => call('POST', '/api/ai/test', payload)

  it('needs a key', async () => {
    expect((await test({ apiKey: '', model: 'gemini-1.5-pro' })).json()).toEqual({
      success: false,
      error: 'Please enter an API key first',
    })
    expect(fake.requests).toHaveLength(0)
  })

  it('makes a real call and reports success or the failure', async () => {
    const ok = await test({ apiKey: fakeGeminiKeys.good, model: 'gemini-1.5-flash' })
    expect(ok.json()).toMatchObject({ success: true, message: 'API key is working! AI integration is ready.' })
    expect(fake.requests.at(-1)).toMatchObject({
      model: 'gemini-2.5-flash',
      method: 'countTokens',
      apiKey: fakeGeminiKeys.good,
    })
    const bad = await test({ apiKey: fakeGeminiKeys.bad, model: 'gemini-1.5-flash' })
    expect([bad.statusCode, bad.json().error]).toEqual([502, 'The Gemini API key was rejected. Check it in Settings.'])
    const limited = await test({ apiKey: fakeGeminiKeys.rateLimited, model: 'gemini-1.5-flash' })
    expect(limited.statusCode).toBe(429)
  })

  it('tests the stored key when given its masked hint', async () => {
    await saveSettings()
    const ok = await test({ apiKey: '••••••••0001', model: 'gemini-2.5-flash' })
    expect(ok.statusCode).toBe(200)
    expect(fake.requests.at(-1)?.apiKey).toBe(fakeGeminiKeys.good)
    expect(ok.body).not.toContain(fakeGeminiKeys.good)
  })
})
