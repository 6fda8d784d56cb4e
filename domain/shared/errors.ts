export type DomainErrorCode =
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'INVALID_TRANSITION'
  | 'RATE_LIMITED'

export type FieldErrors = Record<string, string[]>

/** The one error type of the domain layer; each edge maps `code` to its own shape. */
export class DomainError extends Error {
  constructor(
    public readonly code: DomainErrorCode,
    message: string,
    public readonly errors?: FieldErrors,
    public readonly extra?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'DomainError'
  }
}

export const notFound = (what: string) => new DomainError('NOT_FOUND', `${what} not found`)
export const forbidden = (message = 'You do not have permission to do this') =>
  new DomainError('FORBIDDEN', message)
export const conflict = (message: string) => new DomainError('CONFLICT', message)
export const invalidTransition = (message: string) => new DomainError('INVALID_TRANSITION', message)
export const validation = (field: string, message: string) =>
  new DomainError('VALIDATION', message, { [field]: [message] })

export const HTTP_STATUS: Record<DomainErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INVALID_TRANSITION: 409,
  RATE_LIMITED: 429,
}

/** PostgreSQL unique_violation: a concurrent insert won the race. */
export const isUniqueViolation = (err: unknown) =>
  (typeof err === 'object' &&
    err !== null &&
    (err as { code?: string; cause?: { code?: string } }).code === '23505') ||
  (err as { cause?: { code?: string } } | null)?.cause?.code === '23505'
