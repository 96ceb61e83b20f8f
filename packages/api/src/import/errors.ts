import { InvalidInputError } from '../errors'

/** The whole file is refused (not an export, malformed, too big, a DTD…); nothing was written. */
export class ImportFileError extends InvalidInputError {}
