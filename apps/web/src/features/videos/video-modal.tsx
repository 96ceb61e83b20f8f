import { useCallback, useEffect, useRef, useState } from 'react'
import { messages } from '@wayfarer/api/messages'
import { Dialog, DialogTitle, Spinner, StrokeIcon } from '@wayfarer/ui'
import { embedUrl, watchUrl } from './video-choice'

// An iframe reports no errors: if the player has not loaded by then, say so and offer the video on YouTube.
const LOAD_TIMEOUT_MS = 15_000

type LoadState = 'loading' | 'loaded' | 'failed'

/**
 * Says `failed` when YouTube's player cannot be reached at all. The frame cannot tell us: when its page does not
 * arrive, Chromium puts its own error page (the broken-page icon) in the frame and still fires `load`, and
 * `error` never fires on an iframe. So the browser is asked for the same address itself: a HEAD request without
 * cookies whose answer is never read (`no-cors`, allowed by the page's connect-src) resolves whenever the host
 * answers and rejects when the network, a DNS block or a firewall stops it, as the frame's request was stopped.
 * Offline (`navigator.onLine` false) there is nothing to ask.
 */
function useUnreachablePlayer(url: string, onUnreachable: () => void) {
  useEffect(() => {
    if (!navigator.onLine) return onUnreachable()
    const controller = new AbortController()
    fetch(url, {
      method: 'HEAD',
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: controller.signal,
    }).catch(() => {
      if (!controller.signal.aborted) onUnreachable()
    })
    return () => controller.abort()
  }, [url, onUnreachable])
}

/**
 * The video player over the page: loading, then loaded or failed. The shared Dialog closes it
 * on Escape or a backdrop click (and the close button here), locks page scrolling and hands focus back.
 */
export function VideoModal({ videoId, onClose }: { videoId: string; onClose: () => void }) {
  const [state, setState] = useState<LoadState>('loading')
  const closeButton = useRef<HTMLButtonElement>(null)
  const src = embedUrl(videoId)
  useUnreachablePlayer(
    src,
    useCallback(() => setState('failed'), []),
  )

  useEffect(() => {
    if (state !== 'loading') return
    const timer = window.setTimeout(() => setState('failed'), LOAD_TIMEOUT_MS)
    return () => window.clearTimeout(timer)
  }, [state])

  return (
    <Dialog
      onClose={onClose}
      initialFocus={closeButton}
      className="relative w-full max-w-[1024px]"
      backdropProps={{ 'data-testid': 'video-modal-backdrop' }}
    >
      <DialogTitle className="sr-only">Video player</DialogTitle>
      <button
        ref={closeButton}
        type="button"
        onClick={onClose}
        aria-label="Close video"
        className="absolute -top-11 right-0 rounded-full p-2 text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
      >
        <StrokeIcon d="M6 6l12 12M18 6L6 18" className="h-6 w-6" />
      </button>
      <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-black">
        {state !== 'failed' && (
          <iframe
            src={src}
            title="YouTube video player"
            className="absolute inset-0 h-full w-full"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
            onLoad={() => setState('loaded')}
            onError={() => setState('failed')}
          />
        )}
        {state === 'loading' && (
          <div className="absolute inset-0 flex items-center justify-center text-white" data-testid="video-loading">
            <Spinner className="h-10 w-10" label="Loading video" />
          </div>
        )}
        {state === 'failed' && (
          <div
            role="alert"
            className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-6 text-center text-white"
          >
            <p className="text-lg font-semibold">{messages.videos.modalFailed}</p>
            <p className="text-sm text-white/80">{messages.videos.modalFailedDetail}</p>
            <a
              href={watchUrl(videoId)}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 rounded-lg bg-red-600 px-4 py-2 font-medium hover:bg-red-700"
            >
              Open on YouTube
            </a>
          </div>
        )}
      </div>
    </Dialog>
  )
}
