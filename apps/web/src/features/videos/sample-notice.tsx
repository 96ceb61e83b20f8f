/** The yellow notice that says the cards below are samples, not the channel's real videos (SPEC.md §8). */
export function SampleNotice({ children }: { children: string }) {
  return (
    <p role="status" className="mx-auto mt-6 w-fit rounded-lg border border-yellow-300 bg-yellow-50 px-4 py-2 text-sm font-medium text-yellow-800">
      {children}
    </p>
  )
}
