type Listener = () => void

const listeners = new Set<Listener>()

/**
 * The server refused the stored session (401): every screen signs out the same way. The AuthProvider
 * listens and clears its state; the admin layout then sends the owner to /login.
 */
export const sessionEvents = {
  onExpired(listener: Listener): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  expired(): void {
    for (const listener of [...listeners]) listener()
  },
}
