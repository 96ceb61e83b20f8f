import { loadConfig, type ServerConfig } from '../config'

/** The configuration tests start from: in-memory database, no demo content, quiet logs. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    // Tests write fixtures straight into the database, past the cache; its own test turns it on.
    ...loadConfig({ DATA_DIR: 'memory://', SEED_DEMO_CONTENT: 'false', LOG_LEVEL: 'silent', PUBLIC_CACHE: 'false' }),
    secretKey: 'test-secret-key-that-is-at-least-32-chars',
    ...overrides,
  }
}

/** The owner every test server is created with (and signs in as). */
export const testOwner = { email: 'owner@wayfarer.test', password: 'owner-password-1' }
