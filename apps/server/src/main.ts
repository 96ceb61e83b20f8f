import { DataDirLockedError } from '@wayfarer/db'
import { EnvError } from '@wayfarer/config/env'
import { loadConfig } from './config'
import { createServer } from './server'
import { FirstStartError, prepareNewSite } from './first-start'
import { SecretKeyMismatchError } from './secret-key'

// The only place that reads process.env and listens; everything else is in createServer.
try {
  const config = loadConfig(process.env)
  const firstPasswordBox = await prepareNewSite(config)
  const app = await createServer(config)
  await app.listen({ port: config.port, host: config.host })
  const shown = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host
  console.log(
    `\n  Wayfarer is running at http://${shown}:${config.port}  (admin: http://${shown}:${config.port}/login)\n`,
  )
  // Last, after every start-up message: the one-time owner password must not scroll out of sight.
  const passwordBox = firstPasswordBox ?? app.passwordBox
  if (passwordBox) process.stdout.write(passwordBox)

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: finishing in-flight requests and closing the database`)
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
} catch (error) {
  if (error instanceof FirstStartError) {
    // The child process has printed its own error.
  } else if (
    error instanceof EnvError ||
    error instanceof DataDirLockedError ||
    error instanceof SecretKeyMismatchError
  ) {
    console.error(`\n  ${error.message}\n`)
  } else {
    console.error(error)
  }
  process.exit(1)
}
