import { data } from '@remix-run/node'
import type { Submission } from '@conform-to/react'
import { DomainError, HTTP_STATUS } from '../../domain/shared/errors'

/**
 * The one way a form action answers a refused use case: field errors under their fields, the
 * message as a form error, the domain status (400, 404, 409…) as the HTTP status.
 */
export function replyWithError<T>(submission: Submission<T>, err: unknown) {
  if (!(err instanceof DomainError)) throw err
  return data(submission.reply({ formErrors: [err.message], fieldErrors: err.errors ?? {} }), {
    status: HTTP_STATUS[err.code],
  })
}

export function replyInvalid<T>(submission: Submission<T>) {
  return data(submission.reply(), { status: 400 })
}
