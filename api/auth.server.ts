import type { Actor } from '../domain/shared/actor'
import { actorForToken } from '../domain/access/sessions'

export const SESSION_COOKIE = 'oshc_session'

export function readCookie(request: Request, name: string) {
  const header = request.headers.get('cookie') ?? ''
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) return decodeURIComponent(v.join('='))
  }
  return undefined
}

/** Cookie-authenticated writes must come from our own origin (Bearer calls are exempt). */
function sameOrigin(request: Request) {
  const origin = request.headers.get('origin') ?? request.headers.get('referer')
  if (!origin) return false
  try {
    const o = new URL(origin)
    const host =
      request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? new URL(request.url).host
    return o.host === host
  } catch {
    return false
  }
}

export type RequestAuth = {
  actor: Actor
  token?: string
  viaCookie: boolean
  csrfRejected: boolean
  mustChangePassword: boolean
}

/** The one session check: Bearer token or session cookie, both resolved against the sessions table. */
export async function authenticateRequest(request: Request): Promise<RequestAuth> {
  const bearer = request.headers.get('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1]
  const cookie = bearer ? undefined : readCookie(request, SESSION_COOKIE)
  const token = bearer ?? cookie
  const anonymous: RequestAuth = {
    actor: { kind: 'public' },
    viaCookie: false,
    csrfRejected: false,
    mustChangePassword: false,
  }
  if (!token) return anonymous
  const found = await actorForToken(token)
  if (!found) return anonymous
  const { mustChangePassword, ...actor } = found
  const viaCookie = !bearer
  const csrfRejected =
    viaCookie && !['GET', 'HEAD', 'OPTIONS'].includes(request.method) && !sameOrigin(request)
  return { actor: actor as Actor, token, viaCookie, csrfRejected, mustChangePassword }
}

/** The session cookie: httpOnly, SameSite=Lax, Secure in production. */
export function sessionCookie(token: string, expires: Date) {
  const secure = process.env.NODE_ENV === 'production' ? '; Secure' : ''
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax; Expires=${expires.toUTCString()}${secure}`
}

export const clearSessionCookie = () => `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`
