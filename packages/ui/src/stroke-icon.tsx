/**
 * A line icon on a 24 × 24 grid, drawn in the text's colour and hidden from screen readers: the button or link
 * around it carries the name. `d` is the path; the caller sizes it with `className`.
 */
export function StrokeIcon({ d, className, strokeWidth = 2 }: { d: string; className: string; strokeWidth?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      aria-hidden="true"
    >
      <path d={d} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
