import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const webDir = fileURLToPath(new URL('../../../apps/web', import.meta.url))
const generated = path.join(webDir, 'src/routeTree.gen.ts')
const routesDir = path.join(webDir, 'src/routes')

const newestRouteFile = (dir: string): number =>
  Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
      const full = path.join(dir, entry.name)
      return entry.isDirectory() ? newestRouteFile(full) : statSync(full).mtimeMs
    }),
  )

/**
 * Every navigable path of the web app, as TanStack Router's generator sees the file routes
 * (`FileRoutesByTo` of apps/web/src/routeTree.gen.ts): `/blog/$slug` keeps its parameter. The file is
 * generated again first when it is missing or older than a route file (a build restored from a cache does
 * not write it), so a screen someone adds shows up here without editing the tests.
 */
export function appPaths(): string[] {
  if (!existsSync(generated) || statSync(generated).mtimeMs < newestRouteFile(routesDir)) {
    execFileSync('npx', ['tsr', 'generate'], { cwd: webDir, stdio: 'ignore' })
  }
  const source = readFileSync(generated, 'utf8')
  const body = /export interface FileRoutesByTo \{([\s\S]*?)\n\}/.exec(source)?.[1]
  if (!body) throw new Error(`No FileRoutesByTo in ${generated}`)
  return [...body.matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1]!).sort()
}

/** The route parameters of a path (`$slug`, `$id`, …). */
export const paramsOf = (routePath: string): string[] => [...routePath.matchAll(/\$(\w+)/g)].map((m) => m[1]!)

/** A route path with its parameters filled in from `examples`; throws for a parameter nobody gave an example of. */
export function fillParams(routePath: string, examples: Record<string, string>): string {
  return routePath.replace(/\$(\w+)/g, (_, name: string) => {
    const value = examples[name]
    if (value === undefined)
      throw new Error(
        `No example value for $${name} of ${routePath}: add one to the parameter table of the screens suite`,
      )
    return encodeURIComponent(value)
  })
}
