import { useEffect, useRef, type FocusEvent, type RefObject } from 'react'

/**
 * Keeps the keyboard in the moderation queue after an action. Approving a pending comment swaps its Approve button
 * for a disabled Re-approve, a filtered view drops the row once the list is read again, and Delete removes it: each
 * time the focused button is gone and the browser puts the focus on the page itself, so a keyboard user would
 * start again from the top. Instead the focus goes to the first action still there in the same row, or in the row
 * that took its place (the next one, or the last when the row was the last).
 */
export function useFocusKeptInQueue(list: RefObject<HTMLUListElement | null>, rows: unknown) {
  const lastRow = useRef<number | null>(null)
  useEffect(() => {
    const ul = list.current
    const active = document.activeElement
    const dropped = !active || active === document.body || !active.isConnected || active.matches(':disabled')
    if (lastRow.current === null || !ul || !dropped) return
    const items = ul.querySelectorAll<HTMLElement>(':scope > li')
    const row = items[Math.min(lastRow.current, items.length - 1)]
    row?.querySelector<HTMLElement>('[data-row-actions] button:not(:disabled)')?.focus()
  }, [list, rows])
  return {
    onFocus: (event: FocusEvent<HTMLUListElement>) => {
      const row = (event.target as HTMLElement).closest('li')
      lastRow.current = row ? Array.prototype.indexOf.call(event.currentTarget.children, row) : null
    },
    onBlur: (event: FocusEvent<HTMLUListElement>) => {
      // Focus moved somewhere else on purpose (not dropped because its element went): forget the row.
      if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) lastRow.current = null
    },
  }
}
