/** A failed action on an admin screen, said until the owner dismisses it (the rows show the state as it is). */
export function FailureNotice({ text, onDismiss }: { text: string | null; onDismiss: () => void }) {
  if (!text) return null
  return (
    <div
      role="alert"
      className="flex items-start justify-between gap-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
    >
      <span>{text}</span>
      <button type="button" className="font-medium hover:underline" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  )
}
