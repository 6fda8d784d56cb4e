import type { FieldErrors } from '../domain/shared/errors'

/** The text of the answers `json` made, so that the server writes it at once (server/api.ts). */
const texts = new WeakMap<Response, string>()

export function json(status: number, body: unknown, headers?: HeadersInit) {
  const text = JSON.stringify(body)
  const res = new Response(text, {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  })
  texts.set(res, text)
  return res
}

/**
 * The whole body of an answer made by `json`, or undefined (a stream, an export, a file): written
 * as it is, it skips a web stream's chunk by chunk copy (a tenth of an API call's CPU in a profile
 * of the policy list).
 */
export const bufferedText = (res: Response) => (res.bodyUsed ? undefined : texts.get(res))

export function errorResponse(
  status: number,
  message: string,
  errors?: FieldErrors,
  extra?: Record<string, unknown>,
) {
  return json(status, { success: false, message, ...(errors ? { errors } : {}), ...extra })
}
