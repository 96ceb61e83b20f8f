// Its own module: the error helpers load on every page, the uploader (and its zod) only where files go up.
/** A refused or failed upload: the server's status and text, or `network` when no answer came. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly network = false,
  ) {
    super(message)
  }
}
