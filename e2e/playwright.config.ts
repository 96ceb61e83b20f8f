import { fileURLToPath } from 'node:url'
import { defineConfig, devices } from '@playwright/test'
import { FAKE_API_KEY, FAKE_CHANNEL_ID } from '@wayfarer/fakes/youtube'
import { findChromium } from '../scripts/chromium.mjs'

const port = Number(process.env.E2E_PORT ?? 4173)
export const baseURL = `http://127.0.0.1:${port}`
/**
 * A second server, on a database of its own, for the specs that change what others read (SHARED_STATE_SPECS): they
 * run one at a time there while the other specs run beside them on the first server, instead of after them.
 */
const sharedStatePort = port + 1
const sharedStateURL = `http://127.0.0.1:${sharedStatePort}`
export const owner = { email: 'owner@wayfarer.test', password: 'correct-horse-battery' }
/** The owner's signed-in browser state on the server at `url`, written once per run by a setup project. */
export const ownerStateFor = (url: string) =>
  fileURLToPath(new URL(`../test-results/.owner-state-${new URL(url).port}.json`, import.meta.url))
/** The loopback fake YouTube Data API the app server is pointed at (@wayfarer/fakes, packages/fakes; deterministic uploads). */
export const fakeYouTube = {
  port: Number(process.env.E2E_YOUTUBE_PORT ?? port + 100),
  apiKey: FAKE_API_KEY,
  channelId: FAKE_CHANNEL_ID,
}
const fakeYouTubeOrigin = `http://127.0.0.1:${fakeYouTube.port}`
/** The loopback fake Gemini API (@wayfarer/fakes) the app server's AI calls go to. */
export const fakeGeminiPort = Number(process.env.E2E_GEMINI_PORT ?? port + 110)

/**
 * Specs that change what other specs read: the AI settings, the demo stories and their order on Home and /blog,
 * comments' moderation state, the gallery's published photos. They run one at a time, on the second server.
 */
const SHARED_STATE_SPECS = [
  'admin-failures',
  'ai-settings',
  'blog-paging',
  'comments',
  'editor',
  'gallery',
  'import',
  'keyboard-journey',
  'owner-authoring',
  'owner-editing',
  'places-admin',
  'scheduling',
  'site-settings',
  'trips-admin',
  'trips-live',
  'wording',
].map((name) => new RegExp(`/${name}\\.spec\\.ts$`))

/** The two app servers (built, each on a fresh embedded database with demo content), which e2e/servers.ts starts. */
export const appServers = [port, sharedStatePort].map((appPort) => ({
  port: appPort,
  env: {
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATA_DIR: `.e2e-data/${appPort}`,
    ADMIN_EMAIL: owner.email,
    ADMIN_PASSWORD: owner.password,
    LOG_LEVEL: 'warn',
    YOUTUBE_API_KEY: fakeYouTube.apiKey,
    YOUTUBE_CHANNEL_ID: fakeYouTube.channelId,
    YOUTUBE_BASE_URL: `${fakeYouTubeOrigin}/youtube/v3`,
    GEMINI_BASE_URL: `http://127.0.0.1:${fakeGeminiPort}`,
  },
}))

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  // Two workers for the specs that leave the first server as they found it (or only add what nobody else counts),
  // and beside them one for the specs that change what others read (settings, the demo stories, moderation), one
  // at a time on the second server. ARCHITECTURE.md ("Tests") says which is which.
  fullyParallel: false,
  workers: 3,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // scripts/test.mjs sets PLAYWRIGHT_JSON_OUTPUT_NAME to count results for its summary.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    // No trace: recording one costs about a fifth of the browsers' and workers' CPU even when it is thrown away,
    // and the suite is bound by the two cores. A failure still leaves its error context (the page's accessibility
    // snapshot) in test-results/; rerun the spec with `--trace on` for the step-by-step record.
    trace: 'off',
    launchOptions: {
      // CHROMIUM_PATH, else chromium on PATH or in Playwright's cache (scripts/chromium.mjs; `npm test` installs it).
      executablePath: findChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Chromium refuses some ports as unsafe (6000 is X11's): E2E_PORT may be any free port.
        `--explicitly-allowed-ports=${port}`,
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /owner\.setup\.ts$/, use: { ...devices['Desktop Chrome'], baseURL } },
    {
      name: 'setup shared-state',
      testMatch: /owner\.setup\.ts$/,
      use: { ...devices['Desktop Chrome'], baseURL: sharedStateURL },
    },
    {
      name: 'independent',
      testIgnore: SHARED_STATE_SPECS,
      dependencies: ['setup'],
      workers: 2,
      use: { ...devices['Desktop Chrome'], baseURL },
    },
    {
      name: 'shared-state',
      testMatch: SHARED_STATE_SPECS,
      dependencies: ['setup shared-state'],
      workers: 1,
      use: { ...devices['Desktop Chrome'], baseURL: sharedStateURL },
    },
  ],
  // The app servers and the fakes, started side by side (Playwright's webServer list starts one after another).
  globalSetup: './servers.ts',
})
