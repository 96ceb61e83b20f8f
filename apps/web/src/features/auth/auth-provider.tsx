import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { loginOutput, type PublicUser } from '@wayfarer/api/schemas'
import { messages } from '@wayfarer/api/messages'
import { authStorage } from '../../lib/auth-storage'
import { sessionEvents } from '../../lib/session-events'
import { queryClient } from '../../lib/trpc'
import { AuthContext, type AuthState } from './auth-context'

interface Session {
  token: string
  user: PublicUser
}

/** Holds the owner's session, restored from localStorage on start and kept in step with it. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(() => authStorage.read())

  const clear = useCallback(() => {
    authStorage.clear()
    queryClient.clear()
    setSession(null)
  }, [])

  useEffect(() => sessionEvents.onExpired(clear), [clear])

  const login = useCallback(async (email: string, password: string) => {
    let response: Response
    try {
      response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      })
    } catch {
      throw new Error(messages.auth.network)
    }
    const body = (await response.json().catch(() => null)) as { success?: boolean; data?: unknown; error?: string } | null
    const parsed = loginOutput.safeParse(body?.data)
    if (!response.ok || !body?.success || !parsed.success) throw new Error(body?.error || messages.auth.loginFailed)
    authStorage.write(parsed.data.token, parsed.data.user)
    setSession(parsed.data)
  }, [])

  const logout = useCallback(async () => {
    const token = authStorage.token()
    clear()
    if (!token) return
    // Revoke server-side too; the local sign-out already happened, so a failure here changes nothing for the owner.
    await fetch('/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => undefined)
  }, [clear])

  const value = useMemo<AuthState>(
    () => ({ user: session?.user ?? null, token: session?.token ?? null, isAuthenticated: session !== null, login, logout }),
    [session, login, logout],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
