import { EXPORT_PATH } from '@wayfarer/api/schemas'
import { downloadFile } from '../../../lib/upload'

/** Downloads the whole site as a Wayfarer archive; resolves with the file's name. */
export const downloadExport = (): Promise<string> =>
  downloadFile(EXPORT_PATH, 'wayfarer-export.zip', 'The export failed. Please try again.')
