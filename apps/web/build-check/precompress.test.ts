import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, expect, it } from 'vitest'
import { MIN_BYTES, precompress } from './precompress.mjs'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

it('writes brotli and gzip copies of every compressible build file above 1 KB, which decode to the original', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'precompress-'))
  dirs.push(dir)
  mkdirSync(path.join(dir, 'assets'))
  const script = 'export const story = "across the dunes";\n'.repeat(100)
  writeFileSync(path.join(dir, 'assets', 'index-abc.js'), script)
  writeFileSync(path.join(dir, 'assets', 'tiny-abc.css'), 'a{color:red}')
  writeFileSync(path.join(dir, 'assets', 'photo-abc.webp'), Buffer.alloc(MIN_BYTES * 4, 7))

  const written = precompress(dir)
    .map((f) => path.relative(dir, f))
    .sort()
  expect(written).toEqual(['assets/index-abc.js.br', 'assets/index-abc.js.gz'])
  const file = (name: string) => readFileSync(path.join(dir, 'assets', name))
  expect(brotliDecompressSync(file('index-abc.js.br')).toString()).toBe(script)
  expect(gunzipSync(file('index-abc.js.gz')).toString()).toBe(script)
  expect(file('index-abc.js.br').length).toBeLessThan(script.length / 10)
  expect(existsSync(path.join(dir, 'assets', 'photo-abc.webp.br'))).toBe(false)
})
