/** The Chromium executable to test with (CHROMIUM_PATH, PATH, Playwright's cache), or undefined. */
export function findChromium(): string | undefined
/** Finds Chromium or installs it with apt-get (saying so through `say`), and answers its path. */
export function ensureChromium(say: (line: string) => void): string
