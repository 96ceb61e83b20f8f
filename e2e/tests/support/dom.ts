import type { Locator, Page } from '@playwright/test'

// The e2e project is type-checked without the DOM library: these helpers run in the browser and describe the
// little of the DOM they use themselves.
interface Box {
  x: number
  y: number
  width: number
  height: number
}
interface DomElement {
  getBoundingClientRect(): Box
  contains(other: unknown): boolean
}
interface FocusedElement {
  tagName: string
  type?: string
  outerHTML: string
}
interface BrowserWindow {
  document: { activeElement: unknown; body: unknown; elementFromPoint(x: number, y: number): unknown }
  getComputedStyle(element: unknown): { getPropertyValue(property: string): string }
}

/** A computed CSS property of the element. */
export const computedStyle = (locator: Locator, property: string): Promise<string> =>
  locator.evaluate(
    (el: unknown, p: string) => (globalThis as unknown as BrowserWindow).getComputedStyle(el).getPropertyValue(p),
    property,
  )

/** Whether the focus is on the element or inside it. */
export const containsFocus = (locator: Locator): Promise<boolean> =>
  locator.evaluate((el: unknown) =>
    (el as DomElement).contains((globalThis as unknown as BrowserWindow).document.activeElement),
  )

/** Whether what is drawn at the element's centre is the element (or a child): nothing covers it there. */
export const isOnTop = (locator: Locator): Promise<boolean> =>
  locator.evaluate((el: unknown) => {
    const box = (el as DomElement).getBoundingClientRect()
    const top = (globalThis as unknown as BrowserWindow).document.elementFromPoint(
      box.x + box.width / 2,
      box.y + box.height / 2,
    )
    return top !== null && (el === top || (el as DomElement).contains(top))
  })

export type FocusNow = { element: string; shows: boolean } | null

/**
 * Runs in the browser, on its own (Playwright sends its source, so everything it uses is inside it): whether
 * `target` has the focus and shows focus, and what has the focus now. Showing focus means an outline or a ring (a box
 * shadow with a spread and no blur) drawn on the element or on one of its three nearest ancestors (a card that rings
 * itself when its link has the focus), not only the :focus state; a decorative shadow (with a blur) does not count.
 * What has the focus is the start of its HTML and whether it shows it; null while the page itself or a frame (whose
 * own page draws its focus) has it, and inside a date or time field, where the focus is on one part of it (day,
 * month, year) and Chromium fills that part with the highlight colour itself.
 */
function focusFacts(target: unknown): { here: boolean; targetShows: boolean; focus: FocusNow } {
  const view = globalThis as unknown as BrowserWindow
  const drawsFocus = (el: unknown): boolean => {
    // "<colour> 0px 0px 0px <spread>px": a colour in any notation (rgb(), oklch(), a name), not a transparent one.
    const ring = /((?:[a-z]+\([^)]*\))|#[0-9a-f]+|[a-z]+)\s+0px 0px 0px (\d+(?:\.\d+)?)px/gi
    const opaque = (color: string) => !/(,\s*0\)|\/\s*0\)|^transparent)$/.test(color)
    let node = el as { parentElement: unknown } | null
    for (let level = 0; node && level < 4; level++, node = node.parentElement as typeof node) {
      const style = view.getComputedStyle(node)
      const outline = style.getPropertyValue('outline-style') !== 'none'
      if (outline && parseFloat(style.getPropertyValue('outline-width')) > 0) return true
      for (const [, color, spread] of style.getPropertyValue('box-shadow').matchAll(ring))
        if (parseFloat(spread!) > 0 && opaque(color!)) return true
    }
    return false
  }
  const active = view.document.activeElement as FocusedElement | null
  const skipped =
    !active ||
    active === view.document.body ||
    active.tagName === 'IFRAME' ||
    (active.tagName === 'INPUT' && /^(date|time|datetime-local|month|week)$/.test(active.type ?? ''))
  return {
    here: target != null && target === active,
    targetShows: target != null && drawsFocus(target),
    focus: skipped ? null : { element: active.outerHTML.slice(0, 120), shows: drawsFocus(active) },
  }
}

/** Whether the element shows its focus on screen (see focusFacts). */
export const showsFocus = (locator: Locator): Promise<boolean> =>
  locator.evaluate(focusFacts).then((facts) => facts.targetShows)

/** What has the focus now and whether it shows it, read without waiting for anything (see focusFacts). */
export const focusNow = (page: Page): Promise<FocusNow> => page.evaluate(focusFacts, null).then((facts) => facts.focus)

/**
 * Whether the element has the focus, and what has it (focusNow), in one round trip to the page; undefined when the
 * element is not there.
 */
export const focusAt = (locator: Locator): Promise<{ here: boolean; focus: FocusNow } | undefined> =>
  locator.evaluate(focusFacts).catch(() => undefined)
