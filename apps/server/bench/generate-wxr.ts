// Writes a WordPress export with N plain stories (default 5,000) for the import benchmark:
//   npx tsx apps/server/bench/generate-wxr.ts 5000 /tmp/big.xml
//   DATA_DIR=/tmp/bench-data npm run import -- wordpress /tmp/big.xml
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { defaultWxrSite, plainWxrPost, wxrFooter, wxrHeader, wxrItem } from '@wayfarer/api/import-fixtures'

const count = Number(process.argv[2] ?? 5000)
const file = process.argv[3] ?? 'wxr-benchmark.xml'
const site = defaultWxrSite('https://old-blog.example')
const out = createWriteStream(file)
const write = async (text: string) => {
  if (!out.write(text)) await once(out, 'drain')
}
await write(wxrHeader(site))
for (let i = 1; i <= count; i++) await write(wxrItem(plainWxrPost(i), site.url))
await write(wxrFooter)
out.end()
await once(out, 'finish')
console.log(`wrote ${count} stories to ${file}`)
