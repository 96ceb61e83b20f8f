import { createFileRoute, redirect } from '@tanstack/react-router'
import { authStorage } from '../lib/auth-storage'
import { LoginScreen } from '../features/auth/login-screen'

export const Route = createFileRoute('/login')({
  // An owner who is already signed in has nothing to do here.
  beforeLoad: () => {
    if (authStorage.read()) throw redirect({ to: '/admin' })
  },
  component: LoginScreen,
})
