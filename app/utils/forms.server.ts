import { data, type HeadersFunction } from '@remix-run/node'
import type { Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { STEP_UP_FIELD } from './step-up'
import { DomainError, HTTP_STATUS } from '../../domain/shared/errors'
import { fieldWithNul, NUL_MSG, parseId } from '../../domain/shared/fields'
import { MAX_FILE_SIZE } from '../../domain/files/files.schemas'
import { readBytesCapped } from '../../api/body-limit'

/**
 * The one way a form action answers a refused use case: field errors under their fields, the
 * message as a form error, the domain status (400, 404, 409…) as the HTTP status.
 */
export function replyWithError<T>(submission: Submission<T>, err: unknown) {
  if (!(err instanceof DomainError)) throw err
  return data(
    submission.reply({ formErrors: [err.message], fieldErrors: { ...err.errors, ...stepUpMarker(err) } }),
    { status: HTTP_STATUS[err.code], headers: retryAfterHeader(err) },
  )
}

/** A money decision that wants a fresh second factor: the house form asks for it in place. */
const stepUpMarker = (err: DomainError): Record<string, string[]> =>
  err.extra?.mfa_required ? { [STEP_UP_FIELD]: [err.extra.enrolment_required ? 'enrol' : 'code'] } : {}

/** A 429 says when to try again (seconds). */
const retryAfterHeader = (err: DomainError): Record<string, string> =>
  typeof err.extra?.retryAfter === 'number' ? { 'Retry-After': String(err.extra.retryAfter) } : {}

/**
 * `export const headers = retryAfterHeaders` on pages whose actions are rate limited: Remix
 * passes only Set-Cookie from an action to the page's response unless the route says otherwise.
 */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers()
  const seconds = actionHeaders.get('Retry-After')
  if (seconds) headers.set('Retry-After', seconds)
  return headers
}

export function replyInvalid<T>(submission: Submission<T>) {
  return data(submission.reply(), { status: 400 })
}

/**
 * The one form-action pattern: parse `formData` with the form's schema (an invalid submission
 * answers 400 with its field errors), then `run` the use case and answer with what it returns
 * (a redirect with a toast, or data the page shows once); a refused use case answers on its
 * fields (replyWithError). A page with several forms gives each its `intent` (a hidden field the
 * schema accepts), switches on it and calls submitForm in each branch; the page finds the answer
 * of each form by that intent (useResultFor in app/components/forms.tsx).
 */
export async function submitForm<S extends z.ZodType, R>(
  formData: FormData,
  schema: S,
  run: (value: z.output<S>, submission: Submission<z.input<S>, string[], z.output<S>>) => Promise<R>,
) {
  const submission = parseWithZod(formData, { schema })
  if (submission.status !== 'success') return replyInvalid(submission)
  try {
    return await run(submission.value as z.output<S>, submission)
  } catch (err) {
    return replyWithError(submission, err)
  }
}

/** Loaders: a refused use case becomes the matching error page (404, 403, 409…). */
export function throwAsResponse(err: unknown): never {
  if (err instanceof DomainError) throw new Response(err.message, { status: HTTP_STATUS[err.code] })
  throw err
}

/**
 * The one parser of ids in page URLs (route params): a whole number 1..2147483647, the range of
 * the id columns. Anything else names nothing (404) and never reaches the database.
 */
/**
 * Where a decision answers: the inbox task view named by the form's `return_to` (the view shows a
 * record's own forms, posting to the record's page), else `fallback`. Only a task view's address
 * is taken, so the parameter cannot send anyone elsewhere.
 */
export function answerPage(request: Request, fallback: string) {
  const returnTo = new URL(request.url).searchParams.get('return_to') ?? ''
  return /^\/staff\/inbox\/\d+$/.test(returnTo) ? returnTo : fallback
}

export function idFromParam(value: string | undefined, what: string) {
  const id = parseId(value)
  if (id === null) throw new Response(`${what} not found`, { status: 404 })
  return id
}

/** The fields of a form without files: far more text than any of our forms holds. */
export const FORM_FIELDS_LIMIT = 1_048_576

/**
 * The submitted form, as every page action reads it. Pages post forms: another method is a 405,
 * a body that is not a form a 400 (both were 500s). A field (or file name) holding NUL (0x00) is
 * refused with a 400: PostgreSQL text cannot store it and no browser sends it.
 * A form is read up to FORM_FIELDS_LIMIT, plus MAX_FILE_SIZE for each file the page takes
 * (`files`, default 1, in multipart forms only); past that it is a 413, read no further.
 */
export async function readForm(request: Request, opts: { files?: number } = {}) {
  if (request.method !== 'POST')
    throw new Response(`Method ${request.method} is not allowed here`, {
      status: 405,
      headers: { Allow: 'GET, POST' },
    })
  const type = request.headers.get('content-type') ?? ''
  const multipart = /^multipart\/form-data/i.test(type)
  const limit = FORM_FIELDS_LIMIT + (multipart ? (opts.files ?? 1) * MAX_FILE_SIZE : 0)
  const bytes = await readBytesCapped(request, limit)
  if (bytes === null)
    throw new Response(`The form is too large: files may be up to ${MAX_FILE_SIZE / 1_048_576} MB each`, {
      status: 413,
    })
  let form: FormData
  try {
    form = await new Response(bytes, { headers: { 'content-type': type } }).formData()
  } catch {
    throw new Response('The form could not be read', { status: 400 })
  }
  for (const [name, value] of form) {
    if (fieldWithNul({ [name]: typeof value === 'string' ? value : value.name }))
      throw new Response(`${name.replaceAll('\0', '')} ${NUL_MSG}`, { status: 400 })
  }
  return form
}

/** Search params minus blanks (an empty filter box means "no filter"). */
export function listParams(request: Request) {
  const params: Record<string, string> = {}
  for (const [k, v] of new URL(request.url).searchParams) if (v.trim() !== '') params[k] = v
  return params
}
