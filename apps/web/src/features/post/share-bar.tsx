import { useEffect, useState } from 'react'

/** The copy-link confirmation shows for 1.5 s: long enough to read, short enough not to linger. */
export const COPIED_MS = 1500

const networks = (url: string, title: string) => {
  const u = encodeURIComponent(url)
  const t = encodeURIComponent(title)
  return [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'X', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${t}%20${u}` },
  ]
}

/**
 * Four share links, plus the device's native share sheet where there is one, otherwise copy-link with a
 * 'Copied!' label. The Instagram-style button uses the same native share or copy (Instagram has no share URL).
 */
export function ShareBar({ title, url }: { title: string; url: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_MS)
    return () => clearTimeout(timer)
  }, [copied])

  const shareOrCopy = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url })
        return
      } catch (error) {
        // The visitor closed the sheet: nothing more to do. Anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return
      }
    }
    await navigator.clipboard.writeText(url)
    setCopied(true)
  }

  const buttonClass =
    'rounded-full border border-gray-300 px-4 py-1.5 text-sm font-medium text-gray-700 hover:border-teal-600 hover:text-teal-700'
  return (
    <div
      role="group"
      aria-label="Share this story"
      data-testid="share-bar"
      className="flex flex-wrap items-center gap-2"
    >
      <span className="mr-1 text-sm font-semibold text-gray-700">Share:</span>
      {networks(url, title).map((n) => (
        <a key={n.name} href={n.href} target="_blank" rel="noopener noreferrer" className={buttonClass}>
          {n.name}
        </a>
      ))}
      <button type="button" className={buttonClass} onClick={() => void shareOrCopy()}>
        Instagram
      </button>
      <button type="button" className={buttonClass} onClick={() => void shareOrCopy()}>
        {copied ? 'Copied!' : 'Copy link'}
      </button>
    </div>
  )
}
