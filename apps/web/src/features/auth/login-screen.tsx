import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { Button, Card, Toast } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { pageTitle } from '@wayfarer/api/schemas'
import { usePageMeta } from '../../lib/page-meta'
import { useAuth } from './auth-context'
import { MAIN_ID } from '../layout/skip-link'

/** /login: the owner signs in; on success the admin's dashboard. */
export function LoginScreen() {
  usePageMeta(pageTitle('Admin Login'), 'Sign in to access the admin dashboard')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const { busy, error, signIn } = useSignIn()
  return (
    <main id={MAIN_ID} className="flex min-h-screen items-center justify-center bg-gray-50 px-4">
      <Card className="w-full max-w-md p-8">
        <h1 className="text-center text-2xl font-bold text-gray-900">Admin Login</h1>
        <p className="mt-2 text-center text-sm text-gray-600">Sign in to access the admin dashboard</p>
        <form className="mt-8 space-y-5" onSubmit={(e) => void signIn(e, email, password)}>
          {error && (
            <Toast tone="error" className="border border-red-200">
              {error}
            </Toast>
          )}
          <div>
            <label htmlFor="email" className="block text-sm font-medium text-gray-700">
              Email
            </label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="username"
              // The only thing to do here is to sign in: the cursor waits in the first field (on phones too).
              autoFocus
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className={`mt-1 ${fieldClass}`}
            />
          </div>
          <PasswordField value={password} onChange={setPassword} />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? messages.auth.signingIn : 'Sign in'}
          </Button>
        </form>
        <p className="mt-6 text-center text-xs text-gray-600">Protected admin area</p>
        <p className="mt-4 text-center text-sm">
          <Link to="/" className="font-medium text-teal-700 underline hover:text-teal-900">
            ← Back to site
          </Link>
        </p>
      </Card>
    </main>
  )
}

const fieldClass =
  'w-full rounded-lg border border-gray-300 px-3 py-2 focus:border-teal-600 focus:ring-2 focus:ring-teal-600 focus:outline-none'

/** Signing in, then the dashboard; a refusal is said in the form (the server's words, or a network message). */
function useSignIn() {
  const auth = useAuth()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const signIn = async (event: FormEvent<HTMLFormElement>, email: string, password: string) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await auth.login(email, password)
      await navigate({ to: '/admin' })
    } catch (e) {
      setError(e instanceof Error ? e.message : messages.auth.loginFailed)
      setBusy(false)
    }
  }
  return { busy, error, signIn }
}

/** The password with a Show / Hide toggle. */
function PasswordField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [shown, setShown] = useState(false)
  return (
    <div>
      <label htmlFor="password" className="block text-sm font-medium text-gray-700">
        Password
      </label>
      <div className="relative mt-1">
        <input
          id="password"
          name="password"
          type={shown ? 'text' : 'password'}
          autoComplete="current-password"
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={`${fieldClass} pr-16`}
        />
        <button
          type="button"
          onClick={() => setShown((v) => !v)}
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
          className="absolute inset-y-0 right-0 px-3 text-sm text-gray-500 hover:text-gray-800"
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
    </div>
  )
}
