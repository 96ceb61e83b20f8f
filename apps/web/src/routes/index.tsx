import { createFileRoute } from '@tanstack/react-router'
import { trpc } from '../lib/trpc'

export const Route = createFileRoute('/')({ component: Home })

function Home() {
  const health = trpc.health.check.useQuery()
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-3xl font-bold">Wayfarer</h1>
      <p className="mt-2 text-gray-600" data-testid="health">
        {health.data ? `Server ok (${health.data.database})` : health.error ? 'Server unreachable' : 'Checking server…'}
      </p>
    </main>
  )
}
