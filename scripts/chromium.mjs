// Where the browser tests find Chromium, and how `npm test` installs it on a fresh machine of the kind CI uses
// (Debian, root): the same `apt-get install chromium` .ci/run used to do on its own.
import { accessSync, constants, existsSync, readdirSync } from 'node:fs'
import { homedir } from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The first executable called one of `names` on PATH. */
const onPath = (names) =>
  (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .flatMap((dir) => names.map((name) => path.join(dir, name)))
    .find(executable)

/** A Chromium that `npx playwright install chromium` left in Playwright's cache, if any. */
function inPlaywrightCache() {
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(homedir(), '.cache', 'ms-playwright')
  if (!existsSync(cache)) return undefined
  return readdirSync(cache)
    .filter((dir) => /^chromium-\d+$/.test(dir))
    .sort()
    .reverse()
    .flatMap((dir) => ['chrome-linux64/chrome', 'chrome-linux/chrome'].map((exe) => path.join(cache, dir, exe)))
    .find(executable)
}

/**
 * The Chromium executable to test with, or undefined. CHROMIUM_PATH, when set, is the only place looked at (the
 * developer said where it is); otherwise `chromium` or `chromium-browser` on PATH, then Playwright's cache.
 * @returns {string | undefined}
 */
export function findChromium() {
  const chosen = process.env.CHROMIUM_PATH
  if (chosen) return executable(chosen) ? chosen : undefined
  return onPath(['chromium', 'chromium-browser']) ?? inPlaywrightCache()
}

/**
 * Finds Chromium or installs Debian's package (saying so), and answers its path; throws with what to do when it
 * can do neither.
 * @param {(line: string) => void} say
 * @returns {string}
 */
export function ensureChromium(say) {
  const found = findChromium()
  if (found) return found
  const where = process.env.CHROMIUM_PATH ? `at CHROMIUM_PATH=${process.env.CHROMIUM_PATH}` : 'on PATH'
  const root = process.getuid?.() === 0
  // By its full path: a PATH without /usr/bin must not stop the install that the check above allowed.
  const aptGet = '/usr/bin/apt-get'
  if (!root || !executable(aptGet))
    throw new Error(
      `No Chromium ${where} or in Playwright's cache. Install it (Debian: apt-get install chromium, or ` +
        'npx playwright install chromium) or set CHROMIUM_PATH to its executable.',
    )
  say(`No Chromium ${where}: installing it with apt-get install chromium`)
  // apt-get runs gpgv, dpkg and their helpers from PATH: with a PATH that lacks the system folders it cannot check
  // the package lists' signatures.
  const PATH = [process.env.PATH, '/usr/sbin', '/usr/bin', '/sbin', '/bin'].filter(Boolean).join(path.delimiter)
  const env = { ...process.env, PATH, DEBIAN_FRONTEND: 'noninteractive' }
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const status = spawnSync(aptGet, args, { stdio: ['ignore', 'ignore', 'inherit'], env }).status
    if (status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${status})`)
  }
  const installed = onPath(['chromium']) ?? ['/usr/bin/chromium'].find(executable)
  if (!installed) throw new Error('apt-get installed chromium but there is no chromium on PATH or in /usr/bin')
  say(`Installed Chromium: ${installed}`)
  return installed
}
