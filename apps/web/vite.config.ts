import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'

// The API runs on :3000 in development (npm run dev); Vite proxies to it.
const api = { target: 'http://127.0.0.1:3000', changeOrigin: false }

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  server: { proxy: { '/api': api, '/trpc': api, '/media': api } },
  // The manifest lets build-check/public-chunks.mjs prove that public pages never load admin code (Slate).
  build: { sourcemap: false, chunkSizeWarningLimit: 600, manifest: true },
})
