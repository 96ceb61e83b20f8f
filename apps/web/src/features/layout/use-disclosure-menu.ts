import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react'

/**
 * Open/close state of a menu opened by a button (the mobile navigation): opening moves focus to the menu's
 * first link; Escape or a click outside closes it and gives focus back to the button; focus that leaves
 * `area` (button and menu) closes it too.
 */
export function useDisclosureMenu(area: RefObject<HTMLElement | null>, menu: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false)
    if (restoreFocus) toggle.current?.focus()
  }, [])

  // A layout effect, like the Dialog's: the open menu takes focus and Escape from the moment it is on the page.
  useLayoutEffect(() => {
    if (!open) return
    menu.current?.querySelector<HTMLElement>('a, button')?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true)
    }
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !area.current?.contains(event.target)) close(false)
    }
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof Node && !area.current?.contains(event.target)) close(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('focusin', onFocus)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('focusin', onFocus)
    }
  }, [open, close, area, menu])

  return { open, toggle, setOpen, close }
}
