import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

const VERSION = 'v1'

// A separate key per purpose, derived from the server's SECRET_KEY, so the same secret can serve other uses.
const keyFor = (secretKey: string, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secretKey, 'wayfarer-secret-box', purpose, 32))

/** AES-256-GCM encryption of a small secret for storage: `v1:iv:tag:ciphertext`, base64 parts. */
export function sealSecret(secretKey: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyFor(secretKey, purpose), iv)
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), encrypted.toString('base64')].join(
    ':',
  )
}

/** The plaintext, or null when the box was sealed with another key or was tampered with. */
export function openSecret(secretKey: string, purpose: string, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split(':')
  if (version !== VERSION || !iv || !tag || data === undefined) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secretKey, purpose), Buffer.from(iv, 'base64'))
    decipher.setAuthTag(Buffer.from(tag, 'base64'))
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
