/** The home page's three figures. */
const homeStats = [
  { value: '50+', label: 'Countries' },
  { value: '200+', label: 'Adventures' },
  { value: '10K+', label: 'Followers' },
]

export function HomeStats() {
  return (
    <section aria-label="Stats" className="relative z-10 mx-auto -mt-12 grid max-w-4xl grid-cols-3 gap-4 px-4">
      {homeStats.map((s) => (
        <div key={s.label} data-testid="stat" className="rounded-xl bg-white p-6 text-center shadow-lg">
          <p className="text-3xl font-bold text-teal-700">{s.value}</p>
          <p className="mt-1 text-sm font-medium text-gray-600">{s.label}</p>
        </div>
      ))}
    </section>
  )
}
