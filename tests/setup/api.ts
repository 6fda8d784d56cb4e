import { handleApiRequest } from '../../api/router.server'
import { getDb } from '../../db/client'
import { createAgency } from '../../db/seed/factories'
import { findOutbox } from '../../domain/mail/mailer'

export type ApiAnswer = { status: number; body: any; headers: Headers }

/** Calls the real /api router in-process (same code path as HTTP), as a bearer-token client. */
export async function api(
  method: string,
  path: string,
  opts: {
    token?: string
    body?: unknown
    /** A body sent as it is (signed webhooks), instead of `body` as JSON. */
    rawBody?: string
    query?: Record<string, string | string[]>
    headers?: Record<string, string>
  } = {},
): Promise<ApiAnswer> {
  const url = new URL(`http://test.local/api${path}`)
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(k, item)
  }
  const headers: Record<string, string> = { ...opts.headers }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  if (opts.body !== undefined) headers['content-type'] = 'application/json'
  const res = await handleApiRequest(
    new Request(url, {
      method,
      headers,
      body: opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    }),
    { clientIp: '127.0.0.1' },
  )
  const type = res.headers.get('content-type') ?? ''
  const body = type.includes('json') ? await res.json() : await res.text()
  return { status: res.status, body, headers: res.headers }
}

export async function login(email: string, password: string) {
  const r = await api('POST', '/authentication/login', { body: { email, password } })
  if (r.status !== 200) throw new Error(`login ${email} failed: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body.data.token as string
}

export const ADMIN = { email: 'admin@oshc.local', password: 'Admin-Passw0rd!' }
export const staffToken = () => login(ADMIN.email, ADMIN.password)

/** An agency at `status` (default: active portal) and its bearer token. */
export async function agencyWithToken(
  status: NonNullable<Parameters<typeof createAgency>[1]>['status'] = 'PORTAL_ACTIVATED',
) {
  const agency = await createAgency(getDb(), { status, password: 'Agency-Passw0rd!' })
  const token = status === 'PENDING' ? '' : await login(agency.email, 'Agency-Passw0rd!')
  return { agency, token }
}

/** The newest mail to `to` (the outbox transport stores every mail). */
export async function lastMail(to: string) {
  const [mail] = await findOutbox(to, 1)
  if (!mail) throw new Error(`no mail to ${to}`)
  return mail
}

export const codeFrom = (text: string) => /Verification code: (\d{6})/.exec(text)?.[1]
export const tempPasswordFrom = (text: string) => /Temporary password: (\S+)/.exec(text)?.[1]
