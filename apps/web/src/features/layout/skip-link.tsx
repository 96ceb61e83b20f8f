/** The element id every layout gives its <main>, so the skip link has one target. */
export const MAIN_ID = 'main'

/**
 * The first stop of the Tab key on every screen: jumps past the header and navigation to the page's own
 * content. Hidden until focused. Focus is moved by hand so the router never sees a hash change.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID)
        if (!main) return
        event.preventDefault()
        main.focus()
        main.scrollIntoView()
      }}
      className="sr-only z-[60] rounded-lg bg-teal-800 px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  )
}
