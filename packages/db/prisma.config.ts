import path from 'node:path'
import { defineConfig } from 'prisma/config'

// Every prisma command first checks for the native schema engine and would download it; there is no
// network here, so point it at our shim that serves the same protocol from the wasm engine.
// `??=` keeps a real native engine usable where one is installed.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(import.meta.dirname, 'tools/schema-engine')

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/wayfarer' },
})
