/** A map-pin icon for locations (emoji glyphs are missing on many systems). */
export function LocationPin() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="mr-1 inline h-3.5 w-3.5 align-[-2px]"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
      <circle cx="12" cy="10" r="2.5" />
    </svg>
  )
}
