import { describe, expect, it } from 'vitest'
import { AI_MAX_TOKEN_STOPS, aiSettingsInput, nearestTokenStop, offeredAiModels, upstreamModel } from './schema'

describe('the max tokens slider (500 to 4096, step 256, default 2048)', () => {
  it('stops at the minimum, then the multiples of 256, reaching the default and the maximum exactly', () => {
    expect(AI_MAX_TOKEN_STOPS[0]).toBe(500)
    expect(AI_MAX_TOKEN_STOPS.slice(1, 4)).toEqual([768, 1024, 1280])
    expect(AI_MAX_TOKEN_STOPS).toContain(2048)
    expect(AI_MAX_TOKEN_STOPS.at(-1)).toBe(4096)
    for (const stop of AI_MAX_TOKEN_STOPS) expect(aiSettingsInput.shape.maxTokens.safeParse(stop).success).toBe(true)
  })

  it('snaps a value saved between stops to the nearest one', () => {
    expect(nearestTokenStop(2036)).toBe(2048)
    expect(nearestTokenStop(4084)).toBe(4096)
    expect(nearestTokenStop(500)).toBe(500)
  })
})

describe('models', () => {
  it('offers exactly the documented three, each running on a current model', () => {
    expect(offeredAiModels).toEqual(['gemini-1.5-pro', 'gemini-1.5-flash', 'gemini-pro'])
    expect(offeredAiModels.map(upstreamModel)).toEqual(['gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.5-flash-lite'])
    expect(upstreamModel('gemini-2.0-flash')).toBe('gemini-2.0-flash')
  })
})
