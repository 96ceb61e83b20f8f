import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type BrowserContext, type Page } from '@playwright/test'
import axe, { type Result } from 'axe-core'

/** Where the suite writes its screenshots (git-ignored; the README names it). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../screenshots', import.meta.url))

/** WCAG 2.1 A and AA plus axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/** A stand-in for YouTube's embedded player (the tests have no network), with a control of its own. */
export async function fakeYouTubePlayer(context: BrowserContext | Page): Promise<void> {
  await context.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>player</title><button>Play</button></html>',
    }),
  )
}

/**
 * Waits until the screen is there (its heading) with its data (no loading placeholder left), its fonts, its
 * transitions that end, and the pictures it has asked for (eager ones and lazy ones already in view: a full-page
 * screenshot does not load the others). A concrete signal instead of "no request for half a second", which costs
 * that half second on every screen and never comes on a page that polls. Only the screenshots need the pictures, so
 * one that does not come within 8 s is not a failure.
 */
export async function settle(page: Page): Promise<void> {
  // The route's code and loader come after the document's load event: its heading says the screen is there.
  await expect(page.locator('h1').first()).toBeVisible()
  await expect(page.locator('[aria-busy="true"], [data-testid="post-skeleton"]')).toHaveCount(0)
  await page.evaluate(`(() => {
    const inView = (img) => img.getBoundingClientRect().top < innerHeight
    const pending = [...document.images].filter((img) => !img.complete && (img.loading !== 'lazy' || inView(img)))
    // Transitions that end (a button's colours as it becomes enabled): axe reads the colours of the moment, and
    // half-way from the disabled grey a label fails contrast that it passes at rest. Spinners run forever.
    const finite = document.getAnimations().filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
    const loaded = Promise.all([
      document.fonts.ready,
      ...pending.map((img) => img.decode().catch(() => undefined)),
      ...finite.map((a) => a.finished.catch(() => undefined)),
    ])
    return Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 8000))]).then(() => undefined)
  })()`)
}

/** Nothing is wider than the window. */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const sizes = await page.evaluate<{ scrollWidth: number; innerWidth: number; widest: string }>(`(() => {
    const scrollWidth = document.documentElement.scrollWidth
    let widest = ''
    if (scrollWidth > innerWidth) {
      for (const el of document.querySelectorAll('body *')) {
        const r = el.getBoundingClientRect()
        if (r.right > innerWidth + 1 && r.width > 0) { widest = el.tagName.toLowerCase() + '.' + String(el.className).slice(0, 80) + ' right=' + Math.round(r.right); break }
      }
    }
    return { scrollWidth, innerWidth, widest }
  })()`)
  expect(
    sizes.scrollWidth,
    `${label}: page is ${sizes.scrollWidth}px wide in a ${sizes.innerWidth}px window (${sizes.widest})`,
  ).toBeLessThanOrEqual(sizes.innerWidth)
}

/**
 * Axe finds nothing; the message lists each rule with the first offending elements. Axe runs in the page itself,
 * injected once per document, and reports only violations: @axe-core/playwright's run opened a blank page for every
 * check and injected axe three times, which made axe half of the screens tour's time. Frames are not checked: the
 * only one the screens have is the stand-in for YouTube's player.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axe.source)
  const violations = await page.evaluate(
    (tags) =>
      (globalThis as unknown as { axe: typeof axe }).axe
        .run({ runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false })
        .then((results) => results.violations),
    AXE_TAGS,
  )
  const report = violations.map(
    (v: Result) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes
        .slice(0, 4)
        .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join(' ').trim()}`)
        .join('\n')}`,
  )
  expect(report, `${label}: axe violations`).toEqual([])
}

/** The screen is there with its data and pictures, nothing is wider than the window, and axe finds nothing. */
export async function checkScreen(page: Page, label: string): Promise<void> {
  await settle(page)
  await expectNoSidewaysScroll(page, label)
  await expectNoAxeViolations(page, label)
}

/** A full-page screenshot into screenshots/<width>/<name>.png. */
export async function screenshot(page: Page, width: number, name: string): Promise<void> {
  const file = path.join(
    SCREENSHOT_DIR,
    String(width),
    `${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.png`,
  )
  mkdirSync(path.dirname(file), { recursive: true })
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' })
}
