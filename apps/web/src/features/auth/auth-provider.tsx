import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import type { PublicUser } from '@wayfarer/api/schemas'
import { messages } from '@wayfarer/api/messages'
import { authStorage } from '../../lib/auth-storage'
import { sessionEvents } from '../../lib/session-events'
import { queryClient, trpcClient } from '../../lib/trpc'
import { toUserMessage } from '../../lib/user-message'
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
    let signedIn: Session
    try {
      signedIn = await trpcClient.auth.login.mutate({ email, password })
    } catch (error) {
      throw new Error(toUserMessage(error, messages.auth.loginFailed, messages.auth.network), { cause: error })
    }
    authStorage.write(signedIn.token, signedIn.user)
    setSession(signedIn)
  }, [])

  const logout = useCallback(async () => {
    const token = authStorage.token()
    clear()
    if (!token) return
    // Revoke server-side too; the local sign-out already happened, so a failure here changes nothing for the owner.
    await trpcClient.auth.logout.mutate(undefined, { context: { sessionToken: token } }).catch(() => undefined)
  }, [clear])

  const value = useMemo<AuthState>(
    () => ({
      user: session?.user ?? null,
      token: session?.token ?? null,
      isAuthenticated: session !== null,
      login,
      logout,
    }),
    [session, login, logout],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
