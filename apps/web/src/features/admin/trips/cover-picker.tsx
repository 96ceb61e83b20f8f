import { useQuery } from '@tanstack/react-query'
import { cx } from '@wayfarer/ui'
import { coverChoicesQuery } from './queries'

/** The cover: one of the published gallery photos, or none. A radio group, so arrow keys move through the photos. */
export function CoverPicker({
  value,
  onChange,
  error,
}: {
  value: number | null
  onChange: (id: number | null) => void
  error: string | undefined
}) {
  const photos = useQuery(coverChoicesQuery())
  const choice = (checked: boolean) =>
    cx(
      'block cursor-pointer overflow-hidden rounded-lg border-2 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-teal-600',
      checked ? 'border-teal-700' : 'border-transparent',
    )
  return (
    <fieldset aria-describedby={error ? 'trip-cover-error' : undefined}>
      <legend className="text-sm font-medium text-gray-700">Cover photo</legend>
      <div className="mt-2 flex max-h-64 flex-wrap gap-2 overflow-y-auto" data-testid="cover-picker">
        <label className={cx(choice(value === null), 'flex h-16 w-24 items-center justify-center bg-gray-100 text-sm')}>
          <input
            type="radio"
            name="trip-cover"
            className="sr-only"
            checked={value === null}
            onChange={() => onChange(null)}
          />
          No cover
        </label>
        {(photos.data ?? []).map((p) => (
          <label key={p.id} className={choice(value === p.id)}>
            <input
              type="radio"
              name="trip-cover"
              className="sr-only"
              checked={value === p.id}
              onChange={() => onChange(p.id)}
            />
            <img src={p.thumbnail_url} alt={p.title || `Photo ${p.id}`} className="h-16 w-24 object-cover" />
          </label>
        ))}
      </div>
      {error && (
        <p id="trip-cover-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}
