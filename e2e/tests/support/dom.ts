import type { Locator } from '@playwright/test'

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
interface BrowserWindow {
  document: { activeElement: unknown; elementFromPoint(x: number, y: number): unknown }
  getComputedStyle(element: unknown): { getPropertyValue(property: string): string }
}

/** A computed CSS property of the element. */
export const computedStyle = (locator: Locator, property: string): Promise<string> =>
  locator.evaluate(
    (el: unknown, p: string) => (globalThis as unknown as BrowserWindow).getComputedStyle(el).getPropertyValue(p),
    property,
  )

/** Whether the element itself has the keyboard focus. */
export const hasFocus = (locator: Locator): Promise<boolean> =>
  locator
    .evaluate((el: unknown) => el === (globalThis as unknown as BrowserWindow).document.activeElement)
    .catch(() => false)

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

/** Whether the element shows its focus on screen: an outline or a ring (a box shadow) is drawn, not only :focus. */
export async function showsFocus(locator: Locator): Promise<boolean> {
  const outline = (await computedStyle(locator, 'outline-style')) !== 'none'
  const width = parseFloat(await computedStyle(locator, 'outline-width'))
  const shadow = await computedStyle(locator, 'box-shadow')
  return (outline && width > 0) || (shadow !== 'none' && shadow !== '')
}
