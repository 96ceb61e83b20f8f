/**
 * Domain errors thrown by services. The tRPC layer maps them to codes and the REST adapter to HTTP
 * statuses; their messages are shown to users as they are, so they never carry secrets.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly kind:
      | 'invalid'
      | 'unauthorized'
      | 'forbidden'
      | 'not-found'
      | 'conflict'
      | 'rate-limited'
      | 'too-large'
      | 'upstream'
      | 'unavailable',
  ) {
    super(message)
    this.name = new.target.name
  }
}

export class InvalidInputError extends DomainError {
  constructor(message: string) {
    super(message, 'invalid')
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Authentication required') {
    super(message, 'unauthorized')
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super(message, 'not-found')
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(message, 'conflict')
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super(message, 'too-large')
  }
}

export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 'rate-limited')
  }
}

/** An outside service (Gemini, Cloudinary, YouTube) failed; the message says what to do about it. */
export class UpstreamError extends DomainError {
  constructor(message: string) {
    super(message, 'upstream')
  }
}

/** A feature is switched off or not configured (e.g. AI disabled). */
export class UnavailableError extends DomainError {
  constructor(message: string) {
    super(message, 'unavailable')
  }
}

/** A write refused by a unique index (Prisma's P2002): someone else wrote the same key first. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002'
