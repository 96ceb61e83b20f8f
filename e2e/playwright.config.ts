import { fileURLToPath } from 'node:url'
import { defineConfig, devices } from '@playwright/test'
import { FAKE_API_KEY, FAKE_CHANNEL_ID } from '@wayfarer/fakes/youtube'
import { findChromium } from '../scripts/chromium.mjs'

const port = Number(process.env.E2E_PORT ?? 4173)
export const baseURL = `http://127.0.0.1:${port}`
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
const fakeGeminiPort = Number(process.env.E2E_GEMINI_PORT ?? port + 110)

/**
 * Specs that change what other specs read: the AI settings, the demo stories and their order on Home and /blog,
 * comments' moderation state, the gallery's published photos. They run one at a time, each group on a server of its
 * own (a fresh database with the demo content), beside the other specs on the first server instead of after them.
 * Two groups of about the same time (npm test's summary lists the slowest spec files): one group on one server took
 * longer than all the other specs on two workers.
 */
const SHARED_STATE_GROUPS = [
  ['trips', 'editor', 'comments', 'site-settings', 'owner-authoring', 'blog-paging', 'ai-settings'],
  [
    'keyboard-journey',
    'screen-conventions',
    'owner-editing',
    'gallery',
    'import',
    'admin-failures',
    'places-admin',
    'trips-live',
    'scheduling',
  ],
].map((names, i) => ({
  name: `shared-state ${i + 1}`,
  url: `http://127.0.0.1:${port + 1 + i}`,
  specs: names.map((name) => new RegExp(`/${name}\\.spec\\.ts$`)),
}))
const servers = [baseURL, ...SHARED_STATE_GROUPS.map((group) => group.url)]

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  // Two workers for the specs that leave the first server as they found it (or only add what nobody else counts),
  // and beside them one per group of the specs that change what others read, on the group's own server.
  // ARCHITECTURE.md ("Tests") says which is which.
  fullyParallel: false,
  workers: 4,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // scripts/test.mjs sets PLAYWRIGHT_JSON_OUTPUT_NAME to count results for its summary.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
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
        `--explicitly-allowed-ports=${servers.map((url) => new URL(url).port).join(',')}`,
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /owner\.setup\.ts$/, use: { ...devices['Desktop Chrome'], baseURL } },
    {
      name: 'independent',
      testIgnore: SHARED_STATE_GROUPS.flatMap((group) => group.specs),
      dependencies: ['setup'],
      workers: 2,
      use: { ...devices['Desktop Chrome'], baseURL },
    },
    ...SHARED_STATE_GROUPS.flatMap((group) => [
      {
        name: `setup ${group.name}`,
        testMatch: /owner\.setup\.ts$/,
        use: { ...devices['Desktop Chrome'], baseURL: group.url },
      },
      {
        name: group.name,
        testMatch: group.specs,
        dependencies: [`setup ${group.name}`],
        workers: 1,
        use: { ...devices['Desktop Chrome'], baseURL: group.url },
      },
    ]),
  ],
  webServer: [
    {
      command: `npx tsx packages/fakes/src/gemini-main.ts ${fakeGeminiPort}`,
      cwd: '..',
      port: fakeGeminiPort,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `npx tsx packages/fakes/src/youtube-server.ts ${fakeYouTube.port}`,
      cwd: '..',
      url: `${fakeYouTubeOrigin}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The built app as `npm start` runs it, one per server above, each on a fresh embedded database with the demo
      // content, started side by side (app-servers.mjs).
      command: `node e2e/app-servers.mjs ${servers.map((url) => new URL(url).port).join(' ')}`,
      cwd: '..',
      wait: { stdout: /app servers ready/ },
      // A first start migrates and seeds the demo site; on a busy 2-core machine that can take minutes.
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        HOST: '127.0.0.1',
        ADMIN_EMAIL: owner.email,
        ADMIN_PASSWORD: owner.password,
        LOG_LEVEL: 'warn',
        YOUTUBE_API_KEY: fakeYouTube.apiKey,
        YOUTUBE_CHANNEL_ID: fakeYouTube.channelId,
        YOUTUBE_BASE_URL: `${fakeYouTubeOrigin}/youtube/v3`,
        GEMINI_BASE_URL: `http://127.0.0.1:${fakeGeminiPort}`,
      },
    },
  ],
})
