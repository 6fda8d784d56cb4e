import { type z } from 'zod'
import { endpoints } from './endpoints'
import type { Endpoint, Method } from './define'
import { DomainError, HTTP_STATUS, type FieldErrors } from '../domain/shared/errors'
import type { Actor } from '../domain/shared/actor'
import { authenticateRequest } from './auth.server'
import { logError } from '../domain/shared/log'
import { errorResponse, json } from './respond'
// Routes and the API reach Temporal through the port; register it wherever this module is bundled.
import '../temporal/ports'

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

export function matchEndpoint(method: string, path: string) {
  let pathMatched = false
  for (const c of table) {
    const m = c.re.exec(path)
    if (!m) continue
    pathMatched = true
    if (c.e.method !== method) continue
    const params: Record<string, string> = {}
    c.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1])))
    return { endpoint: c.e, params }
  }
  return pathMatched ? 'method-not-allowed' : null
}

/** Zod issues -> `{ field: [message] }` keyed by the dotted path the spec names. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_'
    ;(out[key] ??= []).push(issue.message)
  }
  return out
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

async function readBody(request: Request): Promise<unknown> {
  if (request.method === 'GET') return {}
  const type = request.headers.get('content-type') ?? ''
  const text = await request.text()
  if (!text) return {}
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text))
  try {
    return JSON.parse(text)
  } catch {
    throw new DomainError('VALIDATION', 'The request body is not valid JSON')
  }
}

function allowed(e: Endpoint, actor: Actor): 'ok' | 401 | 403 {
  const access = e.access
  if ('public' in access) return 'ok'
  if (actor.kind === 'public' || actor.kind === 'system') return 401
  const rule = actor.kind === 'Oshc' ? access.staff : access.agency
  if (!rule) return 403
  if (rule === true) return 'ok'
  return rule.some((p) => actor.permissions.has(p)) ? 'ok' : 403
}

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, errors: FieldErrors): T {
  if (!schema) return {} as T
  const r = schema.safeParse(value)
  if (r.success) return r.data
  Object.assign(errors, fieldErrors(r.error))
  return undefined as T
}

/** Serves `/api/*`: match, authenticate, authorise, validate, run, and shape the answer. */
export async function handleApiRequest(
  request: Request,
  context: { clientIp?: string } = {},
): Promise<Response> {
  const url = new URL(request.url)
  const path = url.pathname.replace(/^\/api/, '') || '/'
  const method = request.method.toUpperCase() as Method
  const match = matchEndpoint(method, path)
  if (match === null) return errorResponse(404, `No API route ${method} ${url.pathname}`)
  if (match === 'method-not-allowed')
    return errorResponse(405, `Method ${method} is not allowed on ${url.pathname}`)
  const { endpoint: e, params } = match
  try {
    const auth = await authenticateRequest(request)
    if (auth.csrfRejected) return errorResponse(403, 'Cross-site request refused')
    const verdict = allowed(e, auth.actor)
    if (verdict === 401) return errorResponse(401, 'You must be signed in')
    if (verdict === 403) return errorResponse(403, 'You do not have permission to do this')

    const errors: FieldErrors = {}
    const p = parse(e.params, params, errors)
    const q = parse(e.query, queryObject(url), errors)
    const rawBody = e.rawBody ? await request.text() : undefined
    const b = parse(e.body, rawBody === undefined ? await readBody(request) : {}, errors)
    if (Object.keys(errors).length) {
      const first = Object.values(errors)[0][0]
      return errorResponse(400, first ?? 'Validation failed', errors)
    }
    const result = await e.handler({
      actor: auth.actor,
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
    if (err instanceof DomainError)
      return errorResponse(HTTP_STATUS[err.code], err.message, err.errors, err.extra)
    logError('api', err, { method, path })
    return errorResponse(500, 'Something went wrong on our side. Please try again.')
  }
}
