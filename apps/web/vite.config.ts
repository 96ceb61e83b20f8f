import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { createReadStream, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

// The API runs on :3000 in development (npm run dev); Vite proxies to it.
const api = { target: 'http://127.0.0.1:3000', changeOrigin: false }

/**
 * Country flags as SVG files of our own origin (`/flags/{code}.svg`, flag-icons' 4:3 set, MIT): an emoji flag is
 * two letters in a box wherever no emoji font is installed, and a third-party CDN would see every visitor. The
 * build copies the files; the dev server answers them from the package.
 */
function countryFlags(): Plugin {
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags/4x3')
  const name = /^\/flags\/([a-z]{2}(?:-[a-z]+)?\.svg)$/
  return {
    name: 'wayfarer-country-flags',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = name.exec(req.url ?? '')?.[1]
        if (!file || !readdirSync(dir).includes(file)) return next()
        res.setHeader('content-type', 'image/svg+xml')
        createReadStream(path.join(dir, file)).pipe(res)
      })
    },
    generateBundle() {
      for (const file of readdirSync(dir))
        this.emitFile({ type: 'asset', fileName: `flags/${file}`, source: readFileSync(path.join(dir, file)) })
    },
  }
}

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss(), countryFlags()],
  // Preact renders the app through its React-compatible layer: the same components, hooks and libraries
  // (TanStack Router and Query, tRPC, Slate) at a tenth of react-dom's size, which is what keeps every public
  // page's first-load JS under the 100 KB budget (build-check/js-budget.mjs). React's packages stay installed for
  // their types and for the libraries' peer dependencies; the whole Playwright suite runs on the Preact build.
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
    ],
  },
  server: { proxy: { '/api': api, '/trpc': api, '/media': api } },
  // The manifest lets build-check/public-chunks.mjs prove that public pages never load admin code (Slate).
  build: { sourcemap: false, chunkSizeWarningLimit: 600, manifest: true, modulePreload: { polyfill: false } },
})
