/** Everything under DATA_DIR is the owner's alone: files 0600, directories 0700 (issue 11, finding 9). */
export const PRIVATE_FILE = { mode: 0o600 } as const
export const PRIVATE_DIR = { recursive: true, mode: 0o700 } as const
