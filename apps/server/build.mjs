// Production bundle of the server: our workspace packages are bundled (they ship TypeScript source);
// every npm dependency stays external and is loaded from node_modules at run time.
import { build } from 'esbuild'
import { cpSync, rmSync } from 'node:fs'

rmSync('dist', { recursive: true, force: true })
await build({
  entryPoints: ['src/main.ts', 'src/seed-cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __wayfarerRequire } from 'node:module'; const require = __wayfarerRequire(import.meta.url);" },
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@wayfarer/') ? undefined : { path: args.path, external: true }))
      },
    },
  ],
})
// The bundled @wayfarer/db looks for its migrations next to the bundle.
cpSync('../../packages/db/prisma/migrations', 'dist/migrations', { recursive: true })
