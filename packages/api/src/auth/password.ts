import { randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

// @node-rs/argon2 defaults to argon2id (m=19 MiB, t=2, p=1), the OWASP recommendation.
export const hashPassword = (password: string): Promise<string> => hash(password)

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let unknownUserHash: Promise<string> | undefined

/** A hash to verify against when the e-mail is unknown, so both answers take equally long. */
export const hashForUnknownUser = (): Promise<string> => (unknownUserHash ??= hash(randomBytes(16).toString('hex')))
