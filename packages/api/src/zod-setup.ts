import { z } from 'zod'

// In the browser, zod must not probe `new Function` for its JIT: the site's Content-Security-Policy forbids
// eval, and the probe alone is reported as a violation. Imported first wherever schemas are defined.
if ('document' in globalThis) z.config({ jitless: true })
