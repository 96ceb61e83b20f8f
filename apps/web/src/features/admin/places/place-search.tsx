import { useId, useState, type KeyboardEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { GazetteerPlace } from '@wayfarer/api/schemas'
import { Flag } from '../../map/flag'
import { cx } from '@wayfarer/ui'
import { trpc } from '../../../lib/trpc'
import { useDebouncedValue } from '../../../lib/use-debounced-value'

const MIN_LETTERS = 2
const DEBOUNCE_MS = 250

/** "Pokhara, Gandaki, Nepal": how a gazetteer place reads in the list and in a location text. */
export const placeLabel = (place: Pick<GazetteerPlace, 'name' | 'region' | 'country'>): string =>
  [place.name, place.region, place.country].filter((part, i, all) => part && all.indexOf(part) === i).join(', ')

/**
 * "Find a place": a combobox (WAI-ARIA 1.2, list autocomplete) over the server's offline gazetteer
 * (places.suggest). Only the matches travel to the browser, never the gazetteer. Arrow keys move, Enter picks,
 * Escape closes; a pick hands the place over and clears the box.
 */
export function PlaceSearch({
  onPick,
  label = 'Find a place',
}: {
  onPick: (place: GazetteerPlace) => void
  label?: string
}) {
  const id = useId()
  const box = usePlaceCombobox(onPick)
  const optionId = (i: number) => `${id}-option-${i}`
  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="text-sm font-medium text-gray-700">
        {label}
      </label>
      <input
        id={`${id}-input`}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={box.expanded}
        aria-controls={`${id}-list`}
        aria-activedescendant={box.expanded ? optionId(box.active) : undefined}
        aria-describedby={`${id}-status`}
        autoComplete="off"
        value={box.text}
        placeholder="Town or city, e.g. Pokhara"
        onChange={(e) => box.type(e.target.value)}
        onKeyDown={box.onKeyDown}
        onBlur={box.close}
        className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 focus:border-teal-600 focus:ring-2 focus:ring-teal-600 focus:outline-none"
      />
      <p id={`${id}-status`} aria-live="polite" className="mt-1 min-h-4 text-xs text-gray-600">
        {box.status}
      </p>
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label="Places"
        hidden={!box.expanded}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-lg border border-gray-200 bg-white py-1 shadow-lg"
      >
        {box.places.map((place, i) => (
          <li
            key={`${place.name}-${place.latitude}-${place.longitude}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === box.active}
            // Keep the focus in the box: a mousedown would blur it and close the list before the click.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => box.pick(place)}
            onMouseEnter={() => box.setActive(i)}
            className={cx(
              'flex cursor-pointer items-baseline gap-2 px-3 py-2 text-sm',
              i === box.active ? 'bg-teal-50 text-teal-900' : 'text-gray-800',
            )}
          >
            <Flag code={place.country_code} />
            <span>{placeLabel(place)}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The combobox's state: the text, the matches once it has paused, the active option, and the keys. */
function usePlaceCombobox(onPick: (place: GazetteerPlace) => void) {
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const q = useDebouncedValue(text.trim(), DEBOUNCE_MS)
  const matches = useQuery({
    ...trpc.places.suggest.queryOptions({ q, limit: 8 }),
    enabled: q.length >= MIN_LETTERS,
    staleTime: 60_000,
  })
  const places = q.length >= MIN_LETTERS ? (matches.data ?? []) : []
  const expanded = open && places.length > 0
  const pick = (place: GazetteerPlace) => {
    onPick(place)
    setText('')
    setOpen(false)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
      if (places.length) setActive((a) => (a + (event.key === 'ArrowDown' ? 1 : places.length - 1)) % places.length)
    } else if (event.key === 'Enter' && expanded) {
      event.preventDefault()
      const place = places[active]
      if (place) pick(place)
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault()
      setOpen(false)
    }
  }
  const status =
    text.trim().length < MIN_LETTERS
      ? ''
      : matches.isFetching || q !== text.trim()
        ? 'Searching…'
        : places.length
          ? `${places.length} ${places.length === 1 ? 'place' : 'places'} found`
          : 'No place of that name'
  return {
    text,
    places,
    expanded,
    active,
    setActive,
    status,
    pick,
    onKeyDown,
    close: () => setOpen(false),
    type: (value: string) => {
      setText(value)
      setActive(0)
      setOpen(true)
    },
  }
}
