import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import net from 'node:net'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { asOwner } from './support/owner-session'
import { fakeYouTubePlayer } from './support/screen-checks'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const bodyOverflow = (page: Page) => page.evaluate<string>('document.body.style.overflow')

test.describe('videos on the home page (fake YouTube channel)', () => {
  test('shows 6 videos and 4 Shorts; a video opens in the modal, Escape closes it and scrolling comes back', async ({
    page,
  }) => {
    // YouTube's player is not reachable from here: a stand-in answers for it, so the modal keeps its frame.
    await fakeYouTubePlayer(page)
    await page.goto('/')
    const videos = page.getByTestId('video-card')
    const shorts = page.getByTestId('short-card')
    await expect(videos).toHaveCount(6)
    await expect(shorts).toHaveCount(4)
    // Titles cut at 60 (videos) and 40 (Shorts) characters.
    await expect(videos.first()).toContainText('Crossing the Andes by Night Bus: Twenty Hours from Santiago…')
    await expect(videos.first()).toContainText('152.3K views')
    await expect(videos.first()).toContainText('24:10')
    await expect(shorts.first()).toContainText('Sunrise over Bagan in 30 seconds flat, n…')
    await expect(page.getByText('Videos loading with sample content')).toHaveCount(0)
    await expect(page.getByText('Shorts loading with sample content')).toHaveCount(0)

    await videos.nth(1).scrollIntoViewIfNeeded()
    await videos.nth(1).click()
    const dialog = page.getByRole('dialog', { name: 'Video player' })
    await expect(dialog).toBeVisible()
    const player = dialog.locator('iframe')
    await expect(player).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/fakeVideo02\?/)
    await expect.poll(() => bodyOverflow(page)).toBe('hidden')
    const width = (await dialog.boundingBox())!.width
    expect(width).toBeLessThanOrEqual(1024)

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    // The dialog locks and frees the page's scrolling in an effect, which React runs just after the change is on screen.
    await expect.poll(() => bodyOverflow(page)).toBe('')
    const before = await page.evaluate<number>('window.scrollY')
    await page.mouse.wheel(0, 600)
    await expect.poll(() => page.evaluate<number>('window.scrollY')).toBeGreaterThan(before)

    // A Short opens the same player; the backdrop and the close button close it too.
    await shorts.first().click()
    await expect(dialog.locator('iframe')).toHaveAttribute('src', /\/embed\/fakeShort01\?/)
    await page.getByTestId('video-modal-backdrop').click({ position: { x: 5, y: 5 } })
    await expect(dialog).toBeHidden()
    await videos.first().click()
    await page.getByRole('button', { name: 'Close video' }).click()
    await expect(dialog).toBeHidden()
    await expect.poll(() => bodyOverflow(page)).toBe('')
  })

  test('a player that never loads shows the failure texts and an Open on YouTube link', async ({ page }) => {
    // Only YouTube's own embed host is held back here; our server and the fake channel answer as usual.
    await page.route('https://www.youtube-nocookie.com/**', () => {})
    await page.clock.install()
    await page.goto('/')
    await page.getByTestId('video-card').first().click()
    const dialog = page.getByRole('dialog', { name: 'Video player' })
    await expect(dialog.getByRole('status', { name: 'Loading video' })).toBeVisible()
    await page.clock.fastForward(16_000)
    await expect(dialog.getByText('Failed to load video')).toBeVisible()
    await expect(dialog.getByText('The video might be unavailable or restricted')).toBeVisible()
    await expect(dialog.getByRole('link', { name: 'Open on YouTube' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=fakeVideo01',
    )
  })

  test('with YouTube unreachable, the player says so at once with the link, never a broken frame', async ({ page }) => {
    // The embed host refuses every request, as behind a firewall or a DNS block: Chromium would put its own error
    // page in the frame and still report it loaded.
    await page.route(/^https:\/\/www\.youtube(-nocookie)?\.com\//, (route) => route.abort('connectionrefused'))
    // The page's clock stands still, so the 15 s timeout never fires: what shows the failure is the refusal.
    await page.clock.install()
    await page.goto('/')
    await page.getByTestId('video-card').first().click()
    const dialog = page.getByRole('dialog', { name: 'Video player' })
    await expect(dialog.getByRole('alert')).toContainText('Failed to load video')
    await expect(dialog.getByText('The video might be unavailable or restricted')).toBeVisible()
    await expect(dialog.getByRole('link', { name: 'Open on YouTube' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=fakeVideo01',
    )
    await expect(dialog.locator('iframe')).toHaveCount(0)
  })
})

test.describe('videos without a YouTube key (the default)', () => {
  let server: ChildProcess
  let origin: string
  let dataDir: string

  test.beforeAll(async () => {
    // A first start: the database, the demo site and its photos' sizes, beside the rest of the run.
    test.setTimeout(240_000)
    const port = await freePort()
    origin = `http://127.0.0.1:${port}`
    dataDir = `.e2e-data/no-youtube-${port}`
    // A second app server exactly as `npm start` runs it, but with no YOUTUBE_* configuration at all.
    server = spawn('node', ['apps/server/dist/main.js'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_DEMO_CONTENT: 'true',
      },
      stdio: 'ignore',
    })
    await expect
      .poll(
        () =>
          fetch(`${origin}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 220_000 },
      )
      .toBe(200)
  })

  test.afterAll(async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
    }
    rmSync(`${repoRoot}/${dataDir}`, { recursive: true, force: true })
  })

  test('the home page shows visitors no video section, notice or placeholder, and no failed request', async ({
    page,
  }) => {
    const failures: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') failures.push(m.text())
    })
    page.on('response', (r) => {
      if (r.status() >= 400) failures.push(`${r.status()} ${r.url()}`)
    })
    await page.goto(`${origin}/`)
    await expect(page.getByTestId('post-card').first()).toBeVisible()
    await expect(page.getByTestId('videos-section')).toHaveCount(0)
    await expect(page.getByTestId('shorts-section')).toHaveCount(0)
    await expect(page.getByText(/Unable to load|sample content/i)).toHaveCount(0)
    await expect(page.getByTestId('video-card')).toHaveCount(0)
    expect(failures).toEqual([])
  })
})

test.describe('contact', () => {
  test('a visitor’s message is stored and the owner reads it in Admin → Messages', async ({ page }) => {
    const subject = `Collaboration idea ${Date.now()}`
    await page.goto('/contact')
    await expect(page.getByRole('heading', { name: 'Get in Touch' })).toBeVisible()
    const details = page.getByRole('complementary', { name: 'Contact details' })
    await expect(details).toContainText('hello@wayfarer.example')
    await expect(details).toContainText('Location')
    await expect(details).toContainText('Response time')
    await expect(details.getByRole('link', { name: 'YouTube' })).toHaveAttribute('target', '_blank')

    await page.getByLabel('Name').fill('Ana Souza')
    await page.getByLabel('Email').fill('ana@example.com')
    await page.getByLabel('Subject').fill(subject)
    await page.getByLabel('Message').fill('We loved the Lisbon video. Could we plan a trip together?')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible()

    await asOwner(page)
    await expect(page.getByTestId('unread-messages-tile')).toContainText(/[1-9]\d*\s*unread/)

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Messages' }).click()
    await expect(page).toHaveURL(/\/admin\/messages/)
    const message = page.getByTestId('contact-message').filter({ hasText: subject })
    await expect(message).toContainText('Ana Souza')
    await expect(message).toContainText('We loved the Lisbon video. Could we plan a trip together?')
    await expect(message).toContainText('Unread')
    await message.getByRole('button', { name: 'Mark as read' }).click()
    await expect(message.getByRole('button', { name: 'Mark as unread' })).toBeVisible()
    await expect(message).not.toContainText('Unread')

    page.once('dialog', (dialog) => void dialog.accept())
    await message.getByRole('button', { name: 'Delete' }).click()
    await expect(message).toHaveCount(0)
  })

  test('when the message cannot be sent the form says why in the page, keeping what was written', async ({
    page,
    request,
  }) => {
    const browserAlerts: string[] = []
    page.on('dialog', (dialog) => {
      browserAlerts.push(dialog.message())
      void dialog.dismiss()
    })
    const fill = async (subject: string) => {
      await page.getByLabel('Name').fill('Bo')
      await page.getByLabel('Email').fill('bo@example.com')
      await page.getByLabel('Subject').fill(subject)
      await page.getByLabel('Message').fill('Is anyone there?')
    }
    await page.goto('/contact')

    // The server cannot be reached: the apology.
    await page.route(/\/trpc\/[^?]*contact\.submit/, (route) => route.abort())
    await fill('Offline')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'Sorry, we could not send your message right now. Please try again later.',
    )
    await expect(page.getByLabel('Subject')).toHaveValue('Offline')
    await page.unroute(/\/trpc\/[^?]*contact\.submit/)

    // Too many messages from this address: the server says when to try again.
    for (;;) {
      const res = await request.post('/api/contact', {
        data: { name: 'Bo', email: 'bo@example.com', subject: 'Hi', message: 'Filling the allowance' },
      })
      if (res.status() === 429) break
      expect(res.status()).toBe(200)
    }
    await fill('One more')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByRole('alert')).toContainText('Please try again in')
    await expect(page.getByRole('heading', { name: 'Message Sent!' })).toHaveCount(0)
    expect(browserAlerts).toEqual([])
  })
})

/** A port the OS has just handed out, so this spec never collides with another worktree's servers. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
