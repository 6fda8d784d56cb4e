import type { z } from 'zod'
import { DomainError, fieldErrors } from '../shared/errors'

/** Validates a use case's input with its schema; failures carry the spec's message per field. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value)
  if (r.success) return r.data
  throw new DomainError(
    'VALIDATION',
    r.error.issues[0]?.message ?? 'Validation failed',
    fieldErrors(r.error.issues),
  )
}
