import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { baseURL, ownerStateFor } from '../playwright.config'
import { appPaths, fillParams } from './support/route-table'
import {
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  fakeYouTubePlayer,
  screenshot,
  settle,
} from './support/screen-checks'

// The screens tour: every screen of the route tree, at three widths, signed in as the owner (public screens look
// the same for everyone), with no sideways scroll, no Content-Security-Policy violation reported by the browser,
// checked by axe (WCAG 2.1 AA + best practice) and photographed into screenshots/<width>/. Dialogs and menus are
// screens of their own. The tests run in parallel; each worker keeps one page per width.
// Axe and a full-page screenshot on a big admin page take a while when the two workers share a busy machine.
test.describe.configure({ mode: 'parallel', timeout: 120_000 })
const WIDTHS = [390, 768, 1440] as const
// Axe at the phone and the desktop layout (768 px already gets the desktop navigation and the same colours).
const AXE_WIDTHS: readonly number[] = [390, 1440]
const HEIGHTS: Record<(typeof WIDTHS)[number], number> = { 390: 844, 768: 1024, 1440: 900 }

interface Screen {
  name: string
  /** A route path of the app; its parameters are filled from the example table. */
  path: string
  /** Brings the screen into the state to check (a dialog, a menu) once loaded. */
  open?: (page: Page) => Promise<void>
  /** Only at these widths (the menus exist below md only). */
  widths?: readonly number[]
  /** Seen by a visitor who is not signed in (the login screen sends the owner on to the dashboard). */
  signedOut?: boolean
}

const openDialog = (trigger: (page: Page) => ReturnType<Page['getByRole']>) => async (page: Page) => {
  const control = trigger(page)
  await control.scrollIntoViewIfNeeded()
  await control.click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await settle(page)
}

/** States that are not routes of their own. */
const extraScreens: Screen[] = [
  { name: 'not found', path: '/no-such-page' },
  { name: 'home, video player', path: '/', open: openDialog((p) => p.getByTestId('video-card').first()) },
  {
    name: 'gallery, lightbox',
    path: '/gallery',
    open: openDialog((p) => p.getByTestId('gallery-grid').getByRole('button').first()),
  },
  {
    name: 'admin gallery, image preview',
    path: '/admin/gallery',
    open: openDialog((p) => p.getByRole('button', { name: /^Preview / }).first()),
  },
  {
    name: 'home, mobile menu',
    path: '/',
    widths: [390],
    open: async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click()
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible()
    },
  },
  {
    name: 'admin, slide-over menu',
    path: '/admin',
    widths: [390],
    open: async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click()
      await expect(page.getByRole('dialog', { name: 'Admin menu' })).toBeVisible()
    },
  },
  {
    name: 'editor, preview',
    path: '/admin/posts/edit/$id',
    open: async (page) => {
      await page.getByRole('button', { name: 'Preview', exact: true }).click()
      await expect(page.getByRole('article', { name: 'Preview' })).toBeVisible()
    },
  },
  {
    name: 'trip page, lightbox',
    path: '/trips/$tripSlug',
    open: openDialog((p) => p.getByTestId('day-photos').getByRole('button').first()),
  },
  { name: 'trip page, unknown trip', path: '/trips/no-such-trip' },
  { name: 'draft preview', path: '/blog/$draftSlug?preview=$previewToken' },
]

/** Example values for route parameters, looked up in the demo content. */
async function parameterExamples(request: APIRequestContext, token: string): Promise<Record<string, string>> {
  const auth = { authorization: `Bearer ${token}` }
  const published = (await (await request.get('/api/posts?limit=1')).json()) as { data: { id: number; slug: string }[] }
  const drafts = (await (await request.get('/api/posts/admin?status=draft&limit=1', { headers: auth })).json()) as {
    data: { id: number; slug: string }[]
  }
  const story = published.data[0]!
  const draft = drafts.data[0]!
  const preview = (await (
    await request.post(`/trpc/posts.previewLink`, { headers: auth, data: { id: draft.id } })
  ).json()) as {
    result: { data: { token: string } }
  }
  // A country the demo site has visited, for /places/$code.
  const countries = (await (await request.get('/api/places/countries')).json()) as {
    data: { countries: { code: string }[] }
  }
  const country = countries.data.countries[0]!.code.toLowerCase()
  // A published trip for /trips/$tripSlug, and its id for the trip editor.
  const trips = (await (await request.get('/api/trips/admin', { headers: auth })).json()) as {
    data: { id: number; slug: string; status: string }[]
  }
  const trip = trips.data.find((t) => t.status === 'published')!
  return {
    slug: story.slug,
    id: String(story.id),
    draftSlug: draft.slug,
    previewToken: preview.result.data.token,
    code: country,
    tripSlug: trip.slug,
    tripId: String(trip.id),
  }
}

const routeScreens: Screen[] = appPaths().map((path) => ({
  name: path,
  path,
  ...(path === '/login' ? { signedOut: true } : {}),
}))
const screens = [...routeScreens, ...extraScreens]

/** Collects what the browser reports as a CSP violation, from before the page's own scripts run. */
async function watchCsp(context: BrowserContext, page: Page, violations: string[]): Promise<void> {
  await context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) => {
      (window.__csp = window.__csp || []).push(e.violatedDirective + ' ' + e.blockedURI + ' at ' + e.sourceFile + ':' + e.lineNumber)
    })`,
  })
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content[- ]Security[- ]Policy/i.test(message.text()))
      violations.push(message.text())
  })
}

async function expectNoCspViolation(page: Page, violations: string[], label: string): Promise<void> {
  const reported = await page.evaluate<string[]>('window.__csp || []')
  expect([...violations, ...reported], `${label}: CSP violations`).toEqual([])
}

test('pages carry a Content-Security-Policy that allows only their own scripts', async ({ request }) => {
  const response = await request.get('/')
  expect(response.headers()['content-security-policy']).toMatch(/script-src 'self'/)
})

for (const width of WIDTHS) {
  test.describe(`every screen at ${width} px`, () => {
    let context: BrowserContext
    let page: Page
    let examples: Record<string, string>
    const violations: string[] = []
    const viewport = { width, height: HEIGHTS[width] }

    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext({ baseURL, viewport, storageState: ownerStateFor(baseURL) })
      await fakeYouTubePlayer(context)
      page = await context.newPage()
      await watchCsp(context, page, violations)
      await page.goto('/')
      const token = await page.evaluate<string>("localStorage.getItem('authToken') ?? ''")
      examples = await parameterExamples(context.request, token)
    })
    test.afterAll(async () => {
      await context.close()
    })

    for (const screen of screens.filter((s) => !s.widths || s.widths.includes(width))) {
      test(`${screen.name} at ${width} px: no sideways scroll, no CSP violation, screenshot, axe (390 and 1440)`, async ({
        browser,
      }) => {
        const label = `${screen.name} at ${width}px`
        violations.length = 0
        // A signed-out screen gets a context of its own, so the owner's page stays signed in for the others.
        const signedOut = screen.signedOut ? await browser.newContext({ baseURL, viewport }) : undefined
        const target = signedOut ? await signedOut.newPage() : page
        if (signedOut) await watchCsp(signedOut, target, violations)
        await target.goto(fillParams(screen.path, examples))
        await settle(target)
        await screen.open?.(target)
        await expect(target.locator('h1, [role="dialog"]').first()).toBeVisible()
        await expectNoSidewaysScroll(target, label)
        await expectNoCspViolation(target, violations, label)
        await screenshot(target, width, screen.name)
        if (AXE_WIDTHS.includes(width)) await expectNoAxeViolations(target, label)
        await signedOut?.close()
      })
    }
  })
}
