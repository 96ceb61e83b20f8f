import type { PublicCategory } from '@wayfarer/api/schemas'
import { cx } from '@wayfarer/ui'

/** Filter chips: All plus each category with its number of published stories. */
export function CategoryChips({
  categories,
  total,
  active,
  onSelect,
}: {
  categories: PublicCategory[]
  total: number | undefined
  active: string | undefined
  onSelect: (slug: string | undefined) => void
}) {
  const chip = (key: string, label: string, count: number | undefined, selected: boolean, slug: string | undefined) => (
    <button
      key={key}
      type="button"
      aria-pressed={selected}
      onClick={() => onSelect(slug)}
      className={cx(
        'rounded-full border px-4 py-1.5 text-sm font-medium transition-colors',
        selected
          ? 'border-teal-700 bg-teal-700 text-white'
          : 'border-gray-300 bg-white text-gray-700 hover:border-teal-600',
      )}
    >
      {label}
      {count !== undefined && <span className="ml-1.5">({count})</span>}
    </button>
  )
  return (
    <div role="group" aria-label="Categories" className="flex flex-wrap gap-2">
      {chip('all', 'All', total, !active, undefined)}
      {categories.map((c) => chip(c.slug, c.name, c.post_count, active === c.slug || active === c.name, c.slug))}
    </div>
  )
}
