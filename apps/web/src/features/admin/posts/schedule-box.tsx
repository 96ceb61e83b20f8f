import { useState } from 'react'
import { Button } from '@wayfarer/ui'

/** "YYYY-MM-DDTHH:mm" in the browser's time zone, as <input type="datetime-local"> wants it. */
const localInputValue = (date: Date): string => {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** The zone the date and time are read in: the browser's, named so the owner knows which clock counts. */
const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone

/** Schedule beside Publish Now: a date and time in the owner's time zone, sent as an ISO instant. */
export function ScheduleBox({
  scheduledAt,
  disabled,
  onSchedule,
}: {
  scheduledAt?: string | null
  disabled: boolean
  onSchedule: (iso: string) => void
}) {
  const [value, setValue] = useState(scheduledAt ? localInputValue(new Date(scheduledAt)) : '')
  const [error, setError] = useState('')
  function schedule() {
    const at = new Date(value)
    if (!value || Number.isNaN(at.getTime()) || at.getTime() <= Date.now())
      return setError('Choose a date and time in the future to schedule the post')
    setError('')
    onSchedule(at.toISOString())
  }
  return (
    <div className="space-y-2 border-t border-gray-100 pt-3">
      {scheduledAt && <p className="text-sm text-blue-800">Scheduled for {new Date(scheduledAt).toLocaleString()}</p>}
      <label htmlFor="publish-at" className="text-sm font-medium text-gray-700">
        Publish at
      </label>
      <p id="publish-at-zone" className="text-xs text-gray-600">
        In your browser’s time zone: {BROWSER_ZONE}
      </p>
      <input
        id="publish-at"
        aria-describedby="publish-at-zone"
        type="datetime-local"
        step={1}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className="w-full rounded-lg border border-gray-300 px-3 py-2"
      />
      <Button variant="secondary" className="w-full" disabled={disabled || !value} onClick={schedule}>
        {scheduledAt ? 'Reschedule' : 'Schedule'}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  )
}
