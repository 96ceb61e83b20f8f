import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

describe('configuration', () => {
  it('has embedded defaults that need nothing set', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './.data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
    })
    expect(config.youtube.apiKey).toBeUndefined()
    expect(config.cloudinaryUrl).toBeUndefined()
  })

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'not-an-email' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'short' }],
    ['SECRET_KEY', { SECRET_KEY: 'too-short' }],
    ['CLOUDINARY_URL', { CLOUDINARY_URL: 'https://example.com' }],
    ['SEED_DEMO_CONTENT', { SEED_DEMO_CONTENT: 'maybe' }],
    ['LOCATION_PRECISION', { LOCATION_PRECISION: '7' }],
    ['LOCATION_PRECISION', { LOCATION_PRECISION: 'fine' }],
    ['MAP_TILES_URL', { MAP_TILES_URL: 'https://tiles.example.com/tile.png' }],
    ['MAP_TILES_URL', { MAP_TILES_URL: 'https://tiles example.com/{z}/{x}/{y}.png' }],
  ])('stops on a bad %s and names it', (name, env) => {
    expect(() => loadConfig(env)).toThrowError(new RegExp(`^Invalid configuration:[\\s\\S]*${name}`))
  })

  it('keeps points to about 1 km and draws the built-in vector map unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ locationPrecision: 2, mapTiles: undefined })
    expect(
      loadConfig({
        LOCATION_PRECISION: '3',
        MAP_TILES_URL: 'https://tile.example.org/{z}/{x}/{y}.png',
        MAP_TILES_ATTRIBUTION: '© Example',
      }),
    ).toMatchObject({
      locationPrecision: 3,
      mapTiles: { url: 'https://tile.example.org/{z}/{x}/{y}.png', attribution: '© Example' },
    })
  })

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', CLOUDINARY_URL: '  ' }).databaseUrl).toBeUndefined()
  })
})
