import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { fakeGeminiKeys, startFakeGemini, type FakeGemini } from '@wayfarer/fakes/gemini'
import { startTestServer, testPhoto, type Api, type TestServer } from '../testing/test-server'

let fake: FakeGemini
let server: TestServer
let owner: Api
let answer = ''

beforeAll(async () => {
  fake = await startFakeGemini({ reply: () => answer })
  server = await startTestServer({ config: { geminiBaseUrl: fake.url } })
  owner = await server.api.asOwner()
})
afterAll(async () => {
  await server.close()
  await fake.close()
})

async function uploadPhoto(): Promise<string> {
  const bytes = await testPhoto({ width: 2400, height: 1600, background: '#0ea5e9', format: 'png' })
  const res = await owner.upload('/api/gallery/upload', { bytes, filename: 'harbour.png', type: 'image/png' })
  return res.json().data.public_id
}

const describePhoto = (publicId: string) =>
  owner.post('/api/gallery/ai-metadata', { public_id: publicId, location: 'Essaouira, Morocco' })

describe('AI metadata for a gallery photo', () => {
  it('needs the owner', async () => {
    const res = await server.api.post('/api/gallery/ai-metadata', { public_id: 'x' })
    expect(res.statusCode).toBe(401)
  })

  it('says so when AI is switched off', async () => {
    const publicId = await uploadPhoto()
    const res = await describePhoto(publicId)
    expect(res.statusCode).toBe(412)
    expect(res.json().success).toBe(false)
  })

  it('sends the photo to Gemini in a random style and cleans an ugly answer', async () => {
    const saved = await owner.post('/api/settings/ai', {
      geminiApiKey: fakeGeminiKeys.good,
      enabled: true,
      model: 'gemini-1.5-flash',
      maxTokens: 1024,
    })
    expect(saved.statusCode).toBe(200)
    const publicId = await uploadPhoto()
    answer =
      '```json\n{"title": "**Harbour** at dusk, where the fishing boats drift home under a copper sky and gulls", "caption": "<p>Boats come home.</p>", "location": "Essaouira, Morocco", "tags": ["#Harbour", "Boats", "#harbour"]}\n```'
    const res = await describePhoto(publicId)
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    expect(data).toEqual({
      title: 'Harbour at dusk, where the fishing boats drift home under a',
      caption: 'Boats come home.',
      location: 'Essaouira, Morocco',
      tags: ['harbour', 'boats', 'dusk'],
    })
    expect(data.title.length).toBeLessThanOrEqual(60)

    const request = fake.requests.at(-1)!
    // The documented model name is sent as the current model it stands for (ai/schema.ts upstreamModel).
    expect(request.model).toBe('gemini-2.5-flash')
    const parts = request.parts
    const prompt = parts.map((p) => p.text ?? '').join('\n')
    expect(prompt).toMatch(/in a (playful|romantic|adventurous|storyteller) style/)
    expect(prompt).toContain('Known location: Essaouira, Morocco')
    const image = parts.find((p) => p.inlineData)?.inlineData
    expect(image?.mimeType).toBe('image/jpeg')
    const sent = await sharp(Buffer.from(image!.data, 'base64')).metadata()
    expect([sent.format, sent.width]).toEqual(['jpeg', 1536])
  })

  it('falls back to first line = title when the answer is not JSON', async () => {
    const publicId = await uploadPhoto()
    answer = 'Copper sky over the harbour\nBoats drift home as the gulls circle. #morocco #sea'
    const res = await describePhoto(publicId)
    expect(res.json().data).toEqual({
      title: 'Copper sky over the harbour',
      caption: 'Boats drift home as the gulls circle.',
      location: '',
      tags: ['morocco', 'sea', 'copper'],
    })
  })

  it('answers 404 for an image that is not in the store', async () => {
    const res = await describePhoto('wayfarer/gallery/missing')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, error: 'Image not found' })
  })
})
