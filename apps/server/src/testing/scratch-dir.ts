import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'

/**
 * A scratch folder for one test file's files, in the system's temporary folder: made before the file's tests
 * (and before the beforeAll hooks written after this call), removed with all it holds after them. Returns where
 * a file of that name goes in it.
 */
export function scratchDir(prefix: string): (name: string) => string {
  let dir: string | undefined
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), prefix))
  })
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })
  return (name) => {
    if (!dir) throw new Error('The scratch folder is made in beforeAll: ask for its files from then on.')
    return path.join(dir, name)
  }
}
