import { useRef } from 'react'
import { useBlocker } from '@tanstack/react-router'
import { Button, Dialog, DialogActions, DialogTitle } from '@wayfarer/ui'

/**
 * Asks before the owner leaves an editor with unsaved changes: inside the app (links, Back, the sidebar) with
 * a dialog, and on reload or closing the tab with the browser's own question. `dirty` is read when leaving;
 * call `allowLeaving()` right before navigating away after a successful save.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const latest = useRef(dirty)
  latest.current = dirty
  const released = useRef(false)
  const blocker = useBlocker({
    shouldBlockFn: () => latest.current && !released.current,
    enableBeforeUnload: () => latest.current && !released.current,
    withResolver: true,
  })
  const prompt =
    blocker.status === 'blocked' ? (
      <Dialog
        onClose={blocker.reset}
        className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl"
        backdropClassName="bg-black/50"
      >
        <DialogTitle className="text-lg font-semibold text-gray-900">Leave without saving?</DialogTitle>
        <p className="mt-2 text-sm text-gray-600">
          Your changes to this post have not been saved. If you leave now they are lost.
        </p>
        <DialogActions className="mt-6" dismiss="Stay and keep editing" onDismiss={blocker.reset}>
          <Button variant="danger" onClick={blocker.proceed}>
            Leave without saving
          </Button>
        </DialogActions>
      </Dialog>
    ) : null
  return {
    prompt,
    allowLeaving: () => {
      released.current = true
    },
  }
}
