import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'

// The API runs on :3000 in development (npm run dev); Vite proxies to it.
const api = { target: 'http://127.0.0.1:3000', changeOrigin: false }

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
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
