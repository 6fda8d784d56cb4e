import type { Actor } from '../domain/shared/actor'
import { config } from '../domain/shared/config'
import { actorForToken } from '../domain/access/sessions'
import { actorForClientToken } from '../domain/public-clients/client-tokens'

export const SESSION_COOKIE = 'oshc_session'

export function readCookie(request: Request, name: string) {
  const header = request.headers.get('cookie') ?? ''
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) return decodeURIComponent(v.join('='))
  }
  return undefined
}

const bearerOf = (request: Request) => request.headers.get('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1]

/** The caller's session token: the Bearer token, else the session cookie. */
export const sessionTokenOf = (request: Request) => bearerOf(request) ?? readCookie(request, SESSION_COOKIE)

/** A proxy's X-Forwarded-* value (its first entry), only when TRUST_PROXY says a proxy sets it. */
function forwarded(request: Request, name: string) {
  if (!config().TRUST_PROXY) return undefined
  return request.headers.get(name)?.split(',')[0]?.trim() || undefined
}

/** Whether the browser reached us over TLS (directly, or through a trusted proxy). */
export function isTls(request: Request) {
  return (
    (forwarded(request, 'x-forwarded-proto') ?? new URL(request.url).protocol.replace(/:$/, '')) === 'https'
  )
}

/** The app's origin: APP_ORIGIN, else the one the request was addressed to (scheme, Host). */
export function appOrigin(request: Request) {
  const configured = config().APP_ORIGIN
  if (configured) return configured
  const url = new URL(request.url)
  const host = forwarded(request, 'x-forwarded-host') ?? request.headers.get('host') ?? url.host
  try {
    return new URL(`${isTls(request) ? 'https' : 'http'}://${host}`).origin
  } catch {
    return null
  }
}

/**
 * Where a request says it comes from: its Origin header, else its Referer. Scheme, host and port
 * must equal the app's exactly (after the usual normalisation of case and default ports); a
 * value carrying user info, "null" or anything unparsable is foreign.
 */
export function originVerdict(request: Request): 'same' | 'foreign' | 'absent' {
  const claimed = request.headers.get('origin') ?? request.headers.get('referer')
  if (claimed === null) return 'absent'
  try {
    const u = new URL(claimed)
    if (u.username || u.password) return 'foreign'
    return u.origin === appOrigin(request) ? 'same' : 'foreign'
  } catch {
    return 'foreign'
  }
}

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS']

/**
 * The one cross-site rule, for pages and the API: a write (any method but GET, HEAD, OPTIONS)
 * from another origin is refused; a write authenticated by the session cookie must also say
 * where it comes from. Browsers always send Origin on such requests, so only non-browser
 * clients (which carry no cookie of a victim) write without one.
 */
export function isCrossSiteWrite(request: Request, opts: { cookieSession: boolean }) {
  if (SAFE_METHODS.includes(request.method.toUpperCase())) return false
  const verdict = originVerdict(request)
  return verdict === 'foreign' || (verdict === 'absent' && opts.cookieSession)
}

export type RequestAuth = {
  actor: Actor
  token?: string
  viaCookie: boolean
  csrfRejected: boolean
  mustChangePassword: boolean
}

/**
 * The one session check: Bearer token or session cookie, both resolved against the sessions
 * table. Bearer calls cannot be forged by another site, so only the others are checked for it.
 */
export function authenticateRequest(request: Request): Promise<RequestAuth> {
  // A page request runs the root's, the layout's and the page's loaders, each on a copy of the
  // Request: those sharing the original's Headers object share its lookup here, and the others
  // the lookup under way for the same token (actorForToken).
  let auth = authenticated.get(request.headers)
  if (!auth) {
    auth = lookUp(request)
    authenticated.set(request.headers, auth)
  }
  return auth
}

const authenticated = new WeakMap<Headers, Promise<RequestAuth>>()

async function lookUp(request: Request): Promise<RequestAuth> {
  // A public client's token (DESIGN.md section 11) wins over any session cookie the browser sends
  // along; a bad one leaves the caller public (401 on the calls that need it). Another site cannot
  // make a browser send this header without a CORS preflight, so no cross-site check applies.
  const clientToken = request.headers.get('x-access-token')
  if (clientToken) {
    const actor = await actorForClientToken(clientToken, request.headers.get('x-client-id'))
    return {
      actor: actor ?? { kind: 'public' },
      viaCookie: false,
      csrfRejected: false,
      mustChangePassword: false,
    }
  }
  const bearer = bearerOf(request)
  const token = bearer ?? readCookie(request, SESSION_COOKIE)
  // A write reads its session afresh (a step-up just given on another process counts).
  const reuse = request.method === 'GET' || request.method === 'HEAD'
  const found = token ? await actorForToken(token, { reuse }) : null
  const viaCookie = !!found && !bearer
  const csrfRejected = !bearer && isCrossSiteWrite(request, { cookieSession: viaCookie })
  if (!found) {
    return { actor: { kind: 'public' }, viaCookie: false, csrfRejected, mustChangePassword: false }
  }
  const { mustChangePassword, ...actor } = found
  return { actor: actor as Actor, token, viaCookie, csrfRejected, mustChangePassword }
}

/** Secure whenever the app runs as a real deployment (not OSHC_DEMO) or the browser came over TLS. */
const secureAttr = (request: Request) => (!config().demo || isTls(request) ? '; Secure' : '')

/** The session cookie: httpOnly, SameSite=Lax, Secure in production and over TLS. */
export function sessionCookie(token: string, expires: Date, request: Request) {
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax; Expires=${expires.toUTCString()}${secureAttr(request)}`
}

export const clearSessionCookie = (request: Request) =>
  `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secureAttr(request)}`
