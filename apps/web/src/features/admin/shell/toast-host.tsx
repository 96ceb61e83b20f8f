import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { Toast, type ToastProps } from '@wayfarer/ui'

// Long enough to read a short sentence twice.
const SHOW_MS = 5000

export interface AdminToast {
  text: string
  tone?: NonNullable<ToastProps['tone']>
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
            durationMs={SHOW_MS}
            onDismiss={dismiss}
            className="pointer-events-auto max-w-sm border border-current/20 shadow-lg"
            data-testid="admin-toast"
          >
            {current.text}
          </Toast>
        )}
      </div>
    </ShowToast.Provider>
  )
}

/** Shows a toast in the admin (a no-op outside it, e.g. in isolated tests of a screen). */
export function useToast(): (toast: AdminToast) => void {
  return useContext(ShowToast) ?? noToast
}
const noToast = () => undefined
