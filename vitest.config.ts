import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// Unit tests (*.test.ts) and integration tests against a real database (*.int.test.ts) across the repo.
// scripts/test.mjs runs the integration tests that depend on the database engine a second time on PostgreSQL when
// TEST_DATABASE_URL is set (its ENGINE_INDEPENDENT list names the ones that run once).
export default defineConfig({
  test: {
    include: [
      'packages/**/src/**/*.test.ts',
      'apps/**/src/**/*.test.ts',
      'apps/**/src/**/*.test.tsx',
      'apps/*/build-check/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs its test files one after another in one module graph instead of importing the server, Prisma,
    // PGlite's wasm and sharp again for every file: importing was most of an integration file's time (its tests
    // start their own servers on their own databases, and no test replaces a module or the clock for the others).
    isolate: false,
    // Vitest's default is one worker fewer than the cores, which on a 2-core machine runs one test file at a time
    // and leaves a core idle while that file waits on its database, sharp or a child process.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Lets a test measure the memory an operation keeps rather than the garbage it has not collected yet.
    execArgv: ['--expose-gc'],
  },
})
