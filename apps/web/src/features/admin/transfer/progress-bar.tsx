import { useId } from 'react'

/** How far a dry run or an import has got: stories done of the total, or a moving bar when there is no count. */
export function ProgressBar({
  label,
  done,
  total,
  unit = 'stories',
}: {
  label: string
  done: number
  total: number
  unit?: string
}) {
  const id = useId()
  const known = total > 0
  const percent = known ? Math.min(100, Math.round((done / total) * 100)) : undefined
  const text = known ? `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${unit}` : 'Working…'
  return (
    <div className="space-y-1">
      <div className="flex justify-between gap-4 text-sm text-gray-700">
        <span id={id} className="font-medium">
          {label}
        </span>
        <span aria-hidden="true">{text}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2.5 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div
          className={`h-full rounded-full bg-teal-700 transition-[width] ${known ? '' : 'w-1/3 animate-pulse'}`}
          style={known ? { width: `${percent}%` } : undefined}
        />
      </div>
    </div>
  )
}
