import { useState, type FormEvent } from 'react'
import { Button, Card } from '@wayfarer/ui'

export interface StatusOption {
  value: string
  label: string
}

/**
 * An admin list's search box (applied on submit, not on every key) and its status filter, in one card. The screen
 * keeps both in the URL and goes back to page 1 on either.
 */
export function ListFilters({
  search,
  searchLabel,
  searchPlaceholder,
  onSearch,
  status,
  statusOptions,
  onStatus,
}: {
  search: string | undefined
  searchLabel: string
  searchPlaceholder: string
  /** The trimmed search, or undefined for none. */
  onSearch: (search: string | undefined) => void
  status: string
  statusOptions: StatusOption[]
  onStatus: (value: string) => void
}) {
  const [searchInput, setSearchInput] = useState(search ?? '')
  const submitSearch = (event: FormEvent) => {
    event.preventDefault()
    onSearch(searchInput.trim() || undefined)
  }
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row">
      <form role="search" onSubmit={submitSearch} className="flex flex-1 gap-2">
        <input
          type="search"
          aria-label={searchLabel}
          placeholder={searchPlaceholder}
          value={searchInput}
          onChange={(e) => setSearchInput(e.target.value)}
          className="w-full rounded-lg border border-gray-300 px-3 py-2"
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <select
        aria-label="Status filter"
        value={status}
        onChange={(e) => onStatus(e.target.value)}
        className="rounded-lg border border-gray-300 px-3 py-2"
      >
        {statusOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Card>
  )
}
