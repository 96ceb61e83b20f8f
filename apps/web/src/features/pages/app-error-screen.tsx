import type { ErrorComponentProps } from '@tanstack/react-router'

/** The router's error page, for an error nothing else caught: 'Unexpected Application Error!' with the message. */
export function AppErrorScreen({ error }: ErrorComponentProps) {
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-3 text-gray-600">{error instanceof Error ? error.message : String(error)}</p>
    </section>
  )
}
