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

/**
 * The same answer for pages with several forms: `extra` (e.g. `{ intent }`) tells the page which
 * form the result belongs to. Without `err` it is the invalid-submission reply.
 */
export function replyForIntent<T>(extra: Record<string, unknown>, submission: Submission<T>, err?: unknown) {
  if (err === undefined) return data({ ...extra, result: submission.reply() }, { status: 400 })
  if (!(err instanceof DomainError)) throw err
  return data(
    { ...extra, result: submission.reply({ formErrors: [err.message], fieldErrors: err.errors ?? {} }) },
    { status: HTTP_STATUS[err.code] },
  )
}

/** Loaders: a refused use case becomes the matching error page (404, 403, 409…). */
export function throwAsResponse(err: unknown): never {
  if (err instanceof DomainError) throw new Response(err.message, { status: HTTP_STATUS[err.code] })
  throw err
}

/** A numeric id from the URL; anything else names nothing (404). */
export function idFromParam(value: string | undefined, what: string) {
  const id = Number(value)
  if (!Number.isInteger(id) || id <= 0) throw new Response(`${what} not found`, { status: 404 })
  return id
}

/** Search params minus blanks (an empty filter box means "no filter"). */
export function listParams(request: Request) {
  const params: Record<string, string> = {}
  for (const [k, v] of new URL(request.url).searchParams) if (v.trim() !== '') params[k] = v
  return params
}
