import { config } from '../domain/shared/config'
import { DomainError } from '../domain/shared/errors'
import { countRequests, resetRequestCounts, type RequestHit } from '../domain/shared/request-rate'
import { anyClientAllowsOrigin, clientAllowsOrigin } from '../domain/public-clients/client-origins'
import { ORIGIN_REFUSED_MSG } from '../domain/public-clients/client-tokens'
import { originVerdict } from './auth.server'
import { errorResponse } from './respond'

const ALLOWED_HEADERS =
  'content-type, x-access-token, x-client-id, x-client-secret, x-from-iframe, x-parent-origin, x-purchase-secret'

const corsHeaders = (origin: string): Record<string, string> => ({
  'Access-Control-Allow-Origin': origin,
  Vary: 'Origin',
})

/** Tests start each case with fresh counters. */
export const resetPublicRateLimits = () => resetRequestCounts('public:')

/**
 * The CORS preflight of a /wordpress call: allowed for an origin some active client allow-lists
 * (the call itself is then checked against its own client), refused (403, no CORS headers)
 * otherwise.
 */
export async function publicPreflight(request: Request): Promise<Response> {
  const origin = request.headers.get('origin')
  if (!origin || !(await anyClientAllowsOrigin(origin))) return errorResponse(403, ORIGIN_REFUSED_MSG)
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(origin),
      'Access-Control-Allow-Methods': 'GET, POST',
      'Access-Control-Allow-Headers': ALLOWED_HEADERS,
      'Access-Control-Max-Age': '600',
    },
  })
}

/**
 * Before a /wordpress call: the per-IP and per-client limits (429 with Retry-After), and for a
 * browser on another site, its origin on the named client's allow-list (403 otherwise). Answers
 * the CORS headers the response carries (none for same-origin and server-to-server calls).
 */
export async function gatePublicCall(request: Request, clientIp: string): Promise<Record<string, string>> {
  const clientId = request.headers.get('x-client-id')
  // Counted in PostgreSQL, so the limits hold across web processes and machines.
  const hits: RequestHit[] = [{ key: `public:ip:${clientIp}`, max: config().PUBLIC_IP_RATE_LIMIT }]
  if (clientId) hits.push({ key: `public:client:${clientId}`, max: config().PUBLIC_CLIENT_RATE_LIMIT })
  await countRequests(hits, 60)
  const origin = request.headers.get('origin')
  if (!origin || originVerdict(request) === 'same') return {}
  if (!clientId || !(await clientAllowsOrigin(clientId, origin)))
    throw new DomainError('FORBIDDEN', ORIGIN_REFUSED_MSG)
  return corsHeaders(origin)
}
