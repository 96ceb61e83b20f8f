import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { Toast, type ToastProps } from '@wayfarer/ui'

// Long enough to read a short sentence twice.
const SHOW_MS = 5000
// A toast with a button (Undo) stays long enough to reach it with the keyboard.
const SHOW_WITH_ACTION_MS = 15_000

export interface AdminToast {
  text: string
  tone?: NonNullable<ToastProps['tone']>
  /** One button in the toast, e.g. Undo; pressing it closes the toast. */
  action?: { label: string; onClick: () => void }
}

const ShowToast = createContext<((toast: AdminToast) => void) | null>(null)

/**
 * The admin's one place for "it worked" notices: a save, publish or delete says so here, also when the screen
 * changes right after (saving a post returns to the list). The newest message replaces the previous one.
 */
export function ToastHost({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(AdminToast & { id: number }) | null>(null)
  const show = useCallback((toast: AdminToast) => setCurrent({ ...toast, id: Date.now() }), [])
  const dismiss = useCallback(() => setCurrent(null), [])
  const value = useMemo(() => show, [show])
  return (
    <ShowToast.Provider value={value}>
      {children}
      <div className="pointer-events-none fixed top-20 right-4 left-4 z-[55] flex justify-end sm:left-auto">
        {current && (
          <Toast
            key={current.id}
            tone={current.tone ?? 'success'}
            durationMs={current.action ? SHOW_WITH_ACTION_MS : SHOW_MS}
            onDismiss={dismiss}
            className="pointer-events-auto max-w-sm border border-current/20 shadow-lg"
            data-testid="admin-toast"
          >
            {current.text}
            {current.action && <ToastAction action={current.action} onDone={dismiss} />}
          </Toast>
        )}
      </div>
    </ShowToast.Provider>
  )
}

function ToastAction({ action, onDone }: { action: NonNullable<AdminToast['action']>; onDone: () => void }) {
  return (
    <button
      type="button"
      onClick={() => {
        onDone()
        action.onClick()
      }}
      className="ml-3 rounded font-semibold underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
    >
      {action.label}
    </button>
  )
}

/** Shows a toast in the admin (a no-op outside it, e.g. in isolated tests of a screen). */
export function useToast(): (toast: AdminToast) => void {
  return useContext(ShowToast) ?? noToast
}
const noToast = () => undefined
