import { config } from 'zod/v4/core'

// In the browser, zod must not probe `new Function` for its JIT: the site's Content-Security-Policy forbids
// eval, and the probe alone is reported as a violation. Imported first wherever schemas are defined. Only zod's
// core `config` is imported, so this costs the public pages no zod (see apps/web/build-check/public-chunks.mjs).
if ('document' in globalThis) config({ jitless: true })
