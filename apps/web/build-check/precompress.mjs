// Build step: writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, at the
// highest settings (done once per build, not per request), so the server sends assets compressed without
// compressing them again (@fastify/static `preCompressed`). Files under 1 KB are not worth it.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i
export const MIN_BYTES = 1024

/**
 * Compresses every compressible file under `dir` (recursively); answers the files it wrote.
 * @param {string} dir
 * @returns {string[]}
 */
export function precompress(dir) {
  const written = []
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, entry)
    if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue
    const body = readFileSync(file)
    if (body.length < MIN_BYTES) continue
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    )
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
    written.push(`${file}.br`, `${file}.gz`)
  }
  return written
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const written = precompress(process.argv[2] ?? 'dist')
  console.log(`precompressed ${written.length / 2} files (brotli + gzip)`)
}
