/**
 * A code file of the app that did not arrive (a lazy import failed: the network dropped, or a new release replaced
 * the file the page was built against). Browsers word it differently: Chromium "Failed to fetch dynamically
 * imported module", Firefox "error loading dynamically imported module", Safari "Importing a module script failed";
 * Vite's preload helper says "Unable to preload CSS".
 */
const CHUNK_FAILURE = /dynamically imported module|importing a module script failed|unable to preload css/i

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message)
}
