/** Everything under DATA_DIR is the owner's alone: files 0600, directories 0700: a backup or a photo of a draft is nobody else's to read on a shared machine. */
export const PRIVATE_FILE = { mode: 0o600 } as const
export const PRIVATE_DIR = { recursive: true, mode: 0o700 } as const
