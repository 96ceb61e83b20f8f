import { publicUser, type PublicUser } from '@wayfarer/api/schemas'

// The keys a signed-in browser already holds: renaming them would sign every owner out.
const TOKEN_KEY = 'authToken'
const USER_KEY = 'user'

/** The signed-in session as kept in localStorage. */
export const authStorage = {
  token: (): string | null => localStorage.getItem(TOKEN_KEY),
  /** The stored session, or null; a user entry that does not parse clears both items. */
  read(): { token: string; user: PublicUser } | null {
    const token = localStorage.getItem(TOKEN_KEY)
    const raw = localStorage.getItem(USER_KEY)
    if (!token || !raw) return null
    try {
      const parsed = publicUser.safeParse(JSON.parse(raw))
      if (parsed.success) return { token, user: parsed.data }
    } catch {
      // falls through to clearing
    }
    authStorage.clear()
    return null
  },
  write(token: string, user: PublicUser): void {
    localStorage.setItem(TOKEN_KEY, token)
    localStorage.setItem(USER_KEY, JSON.stringify(user))
  },
  clear(): void {
    localStorage.removeItem(TOKEN_KEY)
    localStorage.removeItem(USER_KEY)
  },
}
