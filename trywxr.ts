import { readWxr } from './packages/api/src/import/wordpress/wxr-reader'
for (const f of process.argv.slice(2)) {
  try { const r = await readWxr(f); console.log(f, 'OK', r.postCount, JSON.stringify(r.repairs), [...r.skipped]) } catch (e) { console.log(f, 'ERR', (e as Error).message) }
}
