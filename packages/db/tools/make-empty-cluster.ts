// Run by the server's build (apps/server/build.mjs) from the bundle it just wrote: puts the empty cluster for the
// installed engine beside the bundle, where a new embedded database is made from (src/empty-cluster.ts).
// Usage: node make-empty-cluster.js OUT_DIR CACHE_DIR
import { writeEmptyClusterArchive } from '../src/empty-cluster'

const [outDir, cacheDir] = process.argv.slice(2)
if (!outDir || !cacheDir) throw new Error('usage: make-empty-cluster OUT_DIR CACHE_DIR')
await writeEmptyClusterArchive(outDir, cacheDir)
