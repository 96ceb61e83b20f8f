import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react'
import { Button } from './button'
import { cx } from './class-names'

const TABBABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])'

/** The elements Tab can reach inside `root`, in document order, skipping hidden ones. */
function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.getClientRects().length > 0)
}

const TitleId = createContext<string | undefined>(undefined)

export interface DialogProps {
  /** Called on Escape, on a click on the backdrop, and by the dialog's own close controls. */
  onClose: () => void
  children: ReactNode
  /** Classes of the dialog panel (the element with role="dialog"). */
  className?: string
  /** Classes of the full-screen backdrop around the panel; positioned children of the panel place against it. */
  backdropClassName?: string
  /**
   * Where the backdrop sits and how it places the panel; by default it covers the window and centres the panel.
   * A slide-over passes e.g. `inset-x-0 bottom-0 top-16 flex` to leave the header (and its menu button) free.
   */
  placementClassName?: string
  /** Extra attributes of the backdrop (a test id, touch handlers). */
  backdropProps?: HTMLAttributes<HTMLDivElement> & { 'data-testid'?: string }
  /** What takes focus on open; by default the first control in the panel, else the panel. */
  initialFocus?: RefObject<HTMLElement | null>
  /**
   * False when the opener takes focus back itself, at a place of its own: a rich-text editor focused again at its
   * cursor. Focusing it here as well would put the caret where the browser chooses, at the start of the text.
   */
  returnFocus?: boolean
}

/**
 * A modal dialog over the page: keeps Tab inside, closes on Escape or a backdrop click, locks page scrolling
 * while open and gives focus back to whatever opened it. Render it while open, unmount it to close. Put a
 * `DialogTitle` inside: the dialog is labelled by it.
 */
export function Dialog({
  onClose,
  children,
  className,
  backdropClassName,
  placementClassName,
  backdropProps,
  initialFocus,
  returnFocus = true,
}: DialogProps) {
  const titleId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  }, [onClose])

  // Escape closes; focus that lands outside (a click elsewhere, a script) is brought back in. This effect and the
  // next are layout effects, run as the dialog enters the page: React may run plain effects only after the browser
  // has painted and taken the next key, so a dialog already on screen could lose an Escape or a Tab to the page.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current()
    }
    const onFocusIn = (event: FocusEvent) => {
      const root = panel.current
      if (root && event.target instanceof Node && !root.parentElement?.contains(event.target)) focusEdge(root, 'first')
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('focusin', onFocusIn)
    }
  }, [])

  // Focus in, page scroll off, and both back as they were when the dialog goes away. Declared after the listeners
  // above, so that on close they are gone before focus goes back to the opener: the focusin one would pull it in again.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const body = document.body
    const overflow = body.style.overflow
    body.style.overflow = 'hidden'
    const root = panel.current
    if (root) (initialFocus?.current ?? tabbables(root)[0] ?? root).focus({ preventScroll: true })
    return () => {
      body.style.overflow = overflow
      if (returnFocus && opener?.isConnected) opener.focus({ preventScroll: true })
    }
  }, [initialFocus, returnFocus])

  const guard = (edge: 'first' | 'last') => (
    // Tab stops on either side of the panel send focus round to its other end, also out of an embedded frame.
    <span
      tabIndex={0}
      className="sr-only"
      data-focus-guard=""
      onFocus={() => panel.current && focusEdge(panel.current, edge)}
    />
  )

  return (
    <div
      {...backdropProps}
      className={cx(
        'fixed z-50',
        placementClassName ?? 'inset-0 flex items-center justify-center p-4',
        backdropClassName ?? 'bg-black/85',
      )}
      onClick={(event) => {
        backdropProps?.onClick?.(event)
        if (event.target === event.currentTarget) close.current()
      }}
    >
      {guard('last')}
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cx('outline-none', className)}
      >
        <TitleId.Provider value={titleId}>{children}</TitleId.Provider>
      </div>
      {guard('first')}
    </div>
  )
}

function focusEdge(root: HTMLElement, edge: 'first' | 'last') {
  const all = tabbables(root)
  const target = (edge === 'first' ? all[0] : all[all.length - 1]) ?? root
  target.focus({ preventScroll: true })
}

/** The dialog's title, which names it for assistive technology; use `className="sr-only"` to keep it unseen. */
export function DialogTitle({
  as = 'h2',
  className,
  children,
  ...rest
}: {
  as?: 'h2' | 'p' | 'strong' | 'span'
  className?: string
  children: ReactNode
  'data-testid'?: string
}) {
  const id = useContext(TitleId)
  return createElement(as, { id, className, ...rest }, children)
}

/** A dialog's buttons at its foot, to the right: the way out (`dismiss`, a secondary button) first, then its action. */
export function DialogActions({
  dismiss,
  onDismiss,
  className,
  children,
}: {
  dismiss: string
  onDismiss: () => void
  className?: string
  children: ReactNode
}) {
  return (
    <div className={cx('flex justify-end gap-3', className)}>
      <Button variant="secondary" onClick={onDismiss}>
        {dismiss}
      </Button>
      {children}
    </div>
  )
}
