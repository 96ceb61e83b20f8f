import { createContext, useContext } from 'react'
import type { PublicUser } from '@wayfarer/api/schemas'
import { messages } from '@wayfarer/api/messages'

export interface AuthState {
  user: PublicUser | null
  token: string | null
  /** Signed in means token and user are both present. */
  isAuthenticated: boolean
  /** Resolves on success; rejects with an Error whose message is the text to show. */
  login(email: string, password: string): Promise<void>
  logout(): Promise<void>
}

export const AuthContext = createContext<AuthState | null>(null)

/** The signed-in owner; outside AuthProvider it throws, saying so. */
export function useAuth(): AuthState {
  const auth = useContext(AuthContext)
  if (!auth) throw new Error(messages.auth.outsideProvider)
  return auth
}
