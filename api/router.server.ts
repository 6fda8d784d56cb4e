import { type z } from 'zod'
import { endpoints } from './endpoints'
import type { Endpoint, Method } from './define'
import { DomainError, fieldErrors, HTTP_STATUS, type FieldErrors } from '../domain/shared/errors'
import { authorize } from '../domain/shared/authorize'
import { authenticateRequest, type RequestAuth } from './auth.server'
import { actorForToken } from '../domain/access/sessions'
import { verifySecondFactor } from '../domain/access/verify-second-factor'
import type { Actor } from '../domain/shared/actor'
import { logError } from '../domain/shared/log'
import { errorResponse, json } from './respond'
import { fieldWithNul, NUL_MSG } from '../domain/shared/fields'
import { gatePublicCall, publicPreflight } from './public-client.server'
import { BODY_TOO_LARGE_MSG, declaresMoreThan, readTextCapped } from './body-limit'
import { config } from '../domain/shared/config'

type Compiled = { e: Endpoint; re: RegExp; names: string[]; literals: number }

function compile(e: Endpoint): Compiled {
  const names: string[] = []
  const segments = e.path.split('/').filter(Boolean)
  const pattern = segments
    .map((s) => {
      const m = /^\{(\w+)\}$/.exec(s)
      if (m) {
        names.push(m[1])
        return '([^/]+)'
      }
      return s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    })
    .join('/')
  return { e, re: new RegExp(`^/${pattern}/?$`), names, literals: segments.length - names.length }
}

// Literal segments win over parameters (e.g. /x/getAll before /x/{id}).
const table: Compiled[] = endpoints.map(compile).sort((a, b) => b.literals - a.literals)

/** `%E0%A4` and the like are not text: such a segment names nothing. */
function decodeSegment(raw: string) {
  try {
    return decodeURIComponent(raw)
  } catch {
    return null
  }
}

/**
 * The row serving `method` on `path` with its decoded path params; otherwise the methods the path
 * does serve (empty when no row has the path, or a segment is not valid percent-encoding).
 */
export function matchEndpoint(
  method: string,
  path: string,
): { endpoint: Endpoint; params: Record<string, string> } | { allow: Method[] } {
  const allow = new Set<Method>()
  for (const c of table) {
    const m = c.re.exec(path)
    if (!m) continue
    if (c.e.method !== method) {
      allow.add(c.e.method)
      continue
    }
    const params: Record<string, string> = {}
    for (const [i, n] of c.names.entries()) {
      const value = decodeSegment(m[i + 1])
      if (value === null) return { allow: [] }
      params[n] = value
    }
    return { endpoint: c.e, params }
  }
  return { allow: [...allow] }
}

/** Query strings: repeated keys and `key[]` become arrays. */
export function queryObject(url: URL) {
  const out: Record<string, string | string[]> = {}
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key)
    const name = key.endsWith('[]') ? key.slice(0, -2) : key
    const prev = out[name]
    const merged = prev === undefined ? values : [...(Array.isArray(prev) ? prev : [prev]), ...values]
    out[name] = key.endsWith('[]') || merged.length > 1 ? merged : merged[0]
  }
  return out
}

const UNSUPPORTED_TYPE_MSG = 'Send the request body as JSON (Content-Type: application/json)'

/** The most a row reads: its own `bodyLimit`, else API_JSON_LIMIT (1 MB by default). */
const bodyLimitOf = (e: Endpoint) => e.bodyLimit ?? config().API_JSON_LIMIT

/** 413, and the connection closes after it: the rest of the body is not worth reading. */
function tooLarge(limit: number) {
  const res = errorResponse(413, `${BODY_TOO_LARGE_MSG} (at most ${limit} bytes)`)
  res.headers.set('Connection', 'close')
  return res
}

/**
 * The JSON body, or {} when there is none. The API speaks JSON only (spec: request and answer
 * bodies are JSON; uploads go to presigned URLs, not to /api), so any other declared type is a 415.
 * A body past `limit` is a 413, and is not read further than that.
 */
async function readBody(request: Request, limit: number): Promise<unknown | Response> {
  if (request.method === 'GET') return {}
  const text = await readTextCapped(request, limit)
  if (text === null) return tooLarge(limit)
  if (!text) return {}
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (type !== 'application/json') return errorResponse(415, UNSUPPORTED_TYPE_MSG)
  try {
    return JSON.parse(text)
  } catch {
    return errorResponse(400, 'The request body is not valid JSON')
  }
}

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, errors: FieldErrors): T {
  if (!schema) return {} as T
  const r = schema.safeParse(value)
  if (r.success) return r.data
  Object.assign(errors, fieldErrors(r.error.issues))
  return undefined as T
}

/** The header a client repeats a money decision with after `mfa_required` (issue 24). */
export const SECOND_FACTOR_HEADER = 'x-second-factor-code'

/**
 * A money decision (`stepUp`) sent with a code of the caller's second factor: the code is checked
 * (limited like sign-in codes) and refreshes the session's second factor, so the decision runs.
 */
async function steppedUp(e: Endpoint, auth: RequestAuth, request: Request, clientIp: string) {
  const code = request.headers.get(SECOND_FACTOR_HEADER)
  if (!code || !auth.token || !('stepUp' in e.access && e.access.stepUp)) return auth.actor
  await verifySecondFactor({
    token: auth.token,
    code,
    clientIp,
    userAgent: request.headers.get('user-agent'),
  })
  const fresh = await actorForToken(auth.token, { reuse: false })
  if (!fresh) return auth.actor
  const { mustChangePassword: _, ...actor } = fresh
  return actor as Actor
}

/** Serves `/api/*`: match, authenticate, authorise, validate, run, and shape the answer. */
export async function handleApiRequest(
  request: Request,
  /** `method`: the method the client sent when the server had to rewrite it (TRACE; see server/). */
  context: { clientIp?: string; method?: string } = {},
): Promise<Response> {
  const url = new URL(request.url)
  const path = url.pathname.replace(/^\/api/, '') || '/'
  const method = (context.method ?? request.method).toUpperCase()
  if (method === 'OPTIONS' && path.startsWith('/wordpress/')) return publicPreflight(request)
  const match = matchEndpoint(method, path)
  if ('allow' in match) {
    if (!match.allow.length) return errorResponse(404, `No API route ${method} ${url.pathname}`)
    const res = errorResponse(405, `Method ${method} is not allowed on ${url.pathname}`)
    res.headers.set('Allow', match.allow.join(', '))
    return res
  }
  const { endpoint: e, params } = match
  let cors: Record<string, string> = {}
  const response = await answer()
  for (const [name, value] of Object.entries(cors)) response.headers.set(name, value)
  return response

  async function answer(): Promise<Response> {
    try {
      // A declared size past the limit is refused before anything else runs or reads.
      if (method !== 'GET' && declaresMoreThan(request, bodyLimitOf(e))) return tooLarge(bodyLimitOf(e))
      if (e.publicClient) cors = await gatePublicCall(request, context.clientIp ?? 'unknown')
      const auth = await authenticateRequest(request)
      // A public client's call is authenticated by its own headers, never the session cookie.
      if (auth.csrfRejected && !e.publicClient) return errorResponse(403, 'Cross-site request refused')
      const actor = await steppedUp(e, auth, request, context.clientIp ?? 'unknown')
      authorize(e.access, actor)

      const rawBody = e.rawBody ? await readTextCapped(request, bodyLimitOf(e)) : undefined
      if (rawBody === null) return tooLarge(bodyLimitOf(e))
      const body = rawBody === undefined ? await readBody(request, bodyLimitOf(e)) : {}
      if (body instanceof Response) return body
      const query = queryObject(url)
      const nul = fieldWithNul(params) ?? fieldWithNul(query) ?? fieldWithNul(body)
      if (nul) return errorResponse(400, `${nul} ${NUL_MSG}`, { [nul]: [NUL_MSG] })

      const errors: FieldErrors = {}
      const p = parse(e.params, params, errors)
      const q = parse(e.query, query, errors)
      const b = parse(e.body, body, errors)
      if (Object.keys(errors).length) {
        const first = Object.values(errors)[0][0]
        return errorResponse(400, first ?? 'Validation failed', errors)
      }
      const result = await e.handler({
        actor,
        params: p,
        query: q,
        body: b,
        request,
        clientIp: context.clientIp ?? 'unknown',
        rawBody,
      })
      if (result instanceof Response) return result
      return json(result.status ?? e.status ?? 200, {
        success: true,
        message: result.message ?? 'Success',
        data: result.data ?? null,
        ...(result.pageInfo ? { pageInfo: result.pageInfo } : {}),
        ...result.extra,
      })
    } catch (err) {
      if (err instanceof DomainError) {
        const res = errorResponse(HTTP_STATUS[err.code], err.message, err.errors, err.extra)
        // A 429 says when to try again (seconds), in the header and as `retryAfter` in the body.
        if (typeof err.extra?.retryAfter === 'number')
          res.headers.set('Retry-After', String(err.extra.retryAfter))
        return res
      }
      logError('api', err, { method, path })
      return errorResponse(500, 'Something went wrong on our side. Please try again.')
    }
  }
}
