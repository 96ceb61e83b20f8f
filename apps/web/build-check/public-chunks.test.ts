import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { findSlateInPublicChunks, publicChunkKeys } from './public-chunks.mjs'

const slateCode = 'function n(e,t){throw new Error(`Cannot find a descendant at path [${t}]`)}'
const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** A fake dist: the manifest plus one file per chunk with the given code. */
function fakeDist(
  chunks: Record<
    string,
    {
      code: string
      src?: string
      isEntry?: boolean
      isDynamicEntry?: boolean
      imports?: string[]
      dynamicImports?: string[]
    }
  >,
) {
  const dir = mkdtempSync(path.join(tmpdir(), 'public-chunks-'))
  dirs.push(dir)
  mkdirSync(path.join(dir, '.vite'))
  mkdirSync(path.join(dir, 'assets'))
  const manifest = Object.fromEntries(
    Object.entries(chunks).map(([key, { code, ...chunk }]) => {
      const file = `assets/${key.replace(/[^\w]/g, '_')}.js`
      writeFileSync(path.join(dir, file), code)
      return [key, { file, ...chunk }]
    }),
  )
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest))
  return dir
}

const app = {
  'index.html': {
    code: 'entry',
    isEntry: true,
    imports: ['_link.js'],
    dynamicImports: [
      'src/routes/_public/index.tsx?tsr-split=component',
      'src/routes/admin/posts/new.tsx?tsr-split=component',
    ],
  },
  '_link.js': { code: 'router' },
  'src/routes/_public/index.tsx?tsr-split=component': {
    code: 'home',
    src: 'src/routes/_public/index.tsx?tsr-split=component',
    isDynamicEntry: true,
    imports: ['_link.js'],
  },
  'src/routes/admin/posts/new.tsx?tsr-split=component': {
    code: 'editor',
    src: 'src/routes/admin/posts/new.tsx?tsr-split=component',
    isDynamicEntry: true,
    imports: ['_editor.js'],
  },
  '_editor.js': { code: slateCode },
}

describe('public bundle check', () => {
  it('walks static imports from the entry and public routes, not into admin routes', () => {
    const dir = fakeDist(app)
    const result = findSlateInPublicChunks(dir)
    expect(result.leaks).toEqual([])
    expect(result.slateChunks).toEqual(['assets/_editor_js.js'])
    expect(result.publicChunks).toHaveLength(3)
  })

  it('fails when a public route imports Slate statically, however deep', () => {
    const dir = fakeDist({
      ...app,
      'src/routes/_public/index.tsx?tsr-split=component': {
        ...app['src/routes/_public/index.tsx?tsr-split=component'],
        imports: ['_link.js', '_shared.js'],
      },
      '_shared.js': { code: 'x', imports: ['_editor.js'] },
    })
    expect(findSlateInPublicChunks(dir).leaks).toEqual([
      { chunk: 'assets/_editor_js.js', marker: 'Cannot find a descendant at path' },
    ])
  })

  it('fails when the entry itself carries slate-react', () => {
    const dir = fakeDist({ ...app, '_link.js': { code: 'e.setAttribute("data-slate-editor","true")' } })
    expect(findSlateInPublicChunks(dir).leaks.map((l) => l.marker)).toEqual(['data-slate-editor'])
  })

  it('treats /login and /admin routes as private and everything else under routes as public', () => {
    const keys = publicChunkKeys({
      'src/routes/login.tsx?tsr-split=component': {
        file: 'a.js',
        src: 'src/routes/login.tsx?tsr-split=component',
        isDynamicEntry: true,
      },
      'src/routes/admin/route.tsx?tsr-split=component': {
        file: 'b.js',
        src: 'src/routes/admin/route.tsx?tsr-split=component',
        isDynamicEntry: true,
      },
      'src/routes/_public/gallery.tsx?tsr-split=component': {
        file: 'c.js',
        src: 'src/routes/_public/gallery.tsx?tsr-split=component',
        isDynamicEntry: true,
      },
    })
    expect(keys).toEqual(['src/routes/_public/gallery.tsx?tsr-split=component'])
  })

  it('refuses a build without a manifest', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'public-chunks-'))
    dirs.push(dir)
    expect(() => findSlateInPublicChunks(dir)).toThrow(/No build manifest/)
  })
})
