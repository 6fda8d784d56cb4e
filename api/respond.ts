import type { FieldErrors } from '../domain/shared/errors'

export function json(status: number, body: unknown, headers?: HeadersInit) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  })
}

export function errorResponse(
  status: number,
  message: string,
  errors?: FieldErrors,
  extra?: Record<string, unknown>,
) {
  return json(status, { success: false, message, ...(errors ? { errors } : {}), ...extra })
}
