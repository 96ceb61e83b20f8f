import { useFigures } from '../layout/use-figures'

/** The home page's three figures: counted from the site's data, or set by the owner (Admin → Settings → Site). */
export function HomeStats() {
  const figures = useFigures()
  const homeStats = [
    { value: figures.countries, label: 'Countries' },
    { value: figures.stories, label: 'Adventures' },
    { value: figures.followers, label: 'Followers' },
  ]
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
