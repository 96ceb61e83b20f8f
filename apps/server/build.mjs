// Production bundle of the server: our workspace packages are bundled (they ship TypeScript source);
// every npm dependency stays external and is loaded from node_modules at run time.
// `node build.mjs` writes dist/; `node build.mjs DIR` writes the same bundle into DIR, where the process tests start
// their children from (src/testing/server-process.ts).
import { build } from 'esbuild'
import { execFileSync } from 'node:child_process'
import { cpSync, rmSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import path from 'node:path'

const serverDir = path.resolve('.')
const outdir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(serverDir, 'dist')

/**
 * Keeps npm packages external. A package that npm nested under a workspace package (e.g.
 * packages/api/node_modules/x, when versions differ) cannot be found from dist/ by its name, so the bundle
 * imports that copy by its relative path instead.
 */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@wayfarer/') || args.pluginData?.probing) return undefined
      if (isBuiltin(args.path)) return { path: args.path, external: true }
      const probe = (resolveDir) => b.resolve(args.path, { resolveDir, kind: args.kind, pluginData: { probing: true } })
      const [fromImporter, fromBundle] = await Promise.all([probe(args.resolveDir), probe(serverDir)])
      if (fromImporter.errors.length > 0 || fromImporter.path === fromBundle.path)
        return { path: args.path, external: true }
      return { path: path.relative(outdir, fromImporter.path), external: true }
    })
  },
}

rmSync(outdir, { recursive: true, force: true })
await build({
  entryPoints: [
    'src/main.ts',
    'src/first-start-child.ts',
    'src/cli/seed-cli.ts',
    'src/cli/transfer-cli.ts',
    'src/cli/backup-cli.ts',
    '../../packages/db/tools/make-empty-cluster.ts',
  ],
  outdir,
  // Every bundle beside the others, at the top of outdir: the nested packages' paths above are relative to it.
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __wayfarerRequire } from 'node:module'; const require = __wayfarerRequire(import.meta.url);",
  },
  plugins: [externalNpmPackages],
})
// The bundled @wayfarer/db looks for its migrations next to the bundle.
cpSync('../../packages/db/prisma/migrations', path.join(outdir, 'migrations'), { recursive: true })

// The empty embedded cluster a new DATA_DIR is made from (packages/db/src/empty-cluster.ts): made by the bundle
// itself, so it is found where the bundled @wayfarer/db looks; kept in node_modules/.cache for the next build.
const maker = path.join(outdir, 'make-empty-cluster.js')
execFileSync(process.execPath, [maker, outdir, path.join(serverDir, 'node_modules/.cache/wayfarer-pglite-cluster')], {
  stdio: 'inherit',
})
rmSync(maker)
rmSync(`${maker}.map`)
