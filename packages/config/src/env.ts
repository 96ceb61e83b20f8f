import { z } from 'zod'

/** Parses an environment with a zod schema; the thrown message names every bad variable. */
export function parseEnv<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.infer<S> {
  const result = schema.safeParse(env)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`)
  throw new EnvError(`Invalid configuration:\n  ${problems.join('\n  ')}`)
}

export class EnvError extends Error {
  override name = 'EnvError'
}

/** "true"/"1"/"yes" and friends as a boolean env value. */
export const envBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')
