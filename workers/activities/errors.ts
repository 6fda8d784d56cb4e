import { ApplicationFailure } from '@temporalio/activity'
import { DomainError } from '../../domain/shared/errors'

/** Domain refusals are final (no retry); anything else (database down, ...) is retried. */
export async function nonRetryable<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    if (err instanceof DomainError) throw ApplicationFailure.nonRetryable(err.message, err.code)
    throw err
  }
}
