import path from 'node:path'
import type { ServerConfig } from '../config'
import type { BackupSources } from './archive'

/** What a backup of this configuration holds besides the database. */
export const backupSources = (
  config: Pick<ServerConfig, 'dataDir' | 'cloudinaryUrl' | 'secretKey'>,
): BackupSources => ({
  imagesDir: config.cloudinaryUrl ? undefined : path.join(config.dataDir, 'images'),
  secretKeyFile: config.secretKey ? undefined : path.join(config.dataDir, 'secret.key'),
  stagingParent: config.dataDir,
})
