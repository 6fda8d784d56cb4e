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

/** PostgreSQL unique_violation (a concurrent insert won the race), whether or not a driver wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    if ('code' in e && (e as { code: unknown }).code === '23505') return true
    e = 'cause' in e ? (e as { cause: unknown }).cause : undefined
  }
  return false
}

/** For `.catch(...)`: a unique violation becomes a 409 with `message`; anything else is rethrown. */
export const conflictOnDuplicate =
  (message: string) =>
  (err: unknown): never => {
    throw isUniqueViolation(err) ? conflict(message) : err
  }

/**
 * Zod issues as `{ field: [messages] }`, keyed by the dotted path (or `keyOf(path)`); issues about
 * the whole object go under `_`.
 */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  keyOf: (path: string[]) => string = (path) => path.join('.'),
): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of issues) {
    const key = keyOf(issue.path.map(String)) || '_'
    ;(out[key] ??= []).push(issue.message)
  }
  return out
}
