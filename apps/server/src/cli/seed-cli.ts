// `npm run db:seed`: demo content for the configured database (DATABASE_URL, or the embedded one).
import { DataDirLockedError } from '@wayfarer/db'
import pino from 'pino'
import { loadConfig } from '../config'
import { seedStandalone } from '../seed/standalone'

const config = loadConfig(process.env)
try {
  const { kind, seeded, passwordBox } = await seedStandalone(config, pino({ level: 'info' }), true)
  console.log(seeded ? `Seeded demo content into ${kind}.` : 'The database already has content; nothing seeded.')
  if (passwordBox) process.stdout.write(passwordBox)
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error)
  process.exitCode = 1
}
