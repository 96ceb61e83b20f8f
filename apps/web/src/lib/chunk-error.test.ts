import { describe, expect, it } from 'vitest'
import { isChunkLoadError } from './chunk-error'

describe('isChunkLoadError', () => {
  it('knows each browser’s words for a code file that did not arrive', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://example.test/assets/map-1a2b.js',
      'error loading dynamically imported module: https://example.test/assets/map.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/map.css',
    ])
      expect(isChunkLoadError(new TypeError(message))).toBe(true)
  })

  it('leaves every other error to the general error page', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
    expect(isChunkLoadError(null)).toBe(false)
  })
})
