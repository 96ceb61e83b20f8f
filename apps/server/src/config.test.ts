import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

describe('configuration', () => {
  it('has embedded defaults that need nothing set', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ port: 3000, dataDir: './.data', databaseUrl: undefined, publicUrl: 'http://localhost:3000' })
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
  ])('stops on a bad %s and names it', (name, env) => {
    expect(() => loadConfig(env)).toThrowError(new RegExp(`^Invalid configuration:[\\s\\S]*${name}`))
  })

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', CLOUDINARY_URL: '  ' }).databaseUrl).toBeUndefined()
  })
})
