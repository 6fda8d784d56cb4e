import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { jwtVerify, SignJWT } from 'jose'
import { getDb } from '../../db/client'
import { agencies, publicClients } from '../../db/schema'
import type { WidgetActor } from '../shared/actor'
import { secretFor } from '../shared/config'
import { clock } from '../shared/clock'
import { DomainError } from '../shared/errors'
import { attemptLimiter } from '../shared/rate-limit'
import { cachedReference } from '../shared/reference-cache'
import { originAllowed } from './public-clients.rules'
import { secretMatches } from './client-secrets'
import type { PublicClientRow } from './public-client-loading'

/** Tokens live 15 minutes (DESIGN.md section 11). */
export const TOKEN_SECONDS = 15 * 60
const ISSUER = 'oshc-back-office'
const key = () => new TextEncoder().encode(secretFor('public-client-token'))

export const INVALID_CLIENT_MSG = 'Invalid client credentials'
export const ORIGIN_REFUSED_MSG = 'This website is not allowed to use this widget'
export const UNAVAILABLE_MSG = 'This widget is not available at the moment'

const unauthenticated = (message = INVALID_CLIENT_MSG) => new DomainError('UNAUTHENTICATED', message)

/** A client by its public id with its agency's status, or null. */
async function liveClient(clientId: string) {
  const [row] = await getDb()
    .select({ client: publicClients, agencyStatus: agencies.status })
    .from(publicClients)
    .innerJoin(agencies, eq(agencies.id, publicClients.agency_id))
    .where(eq(publicClients.client_id, clientId))
  return row ?? null
}

async function sign(client: PublicClientRow) {
  // `gen`: the client's switch-off generation (a token from before a switch-off stays refused);
  // `jti`: two tokens of one client in the same second still differ.
  const token = await new SignJWT({
    agencyId: client.agency_id,
    pcid: client.id,
    gen: client.token_generation,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(client.client_id)
    .setJti(randomUUID())
    .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
    .setExpirationTime(Math.floor(clock.now().getTime() / 1000) + TOKEN_SECONDS)
    .sign(key())
  // Last use to the minute: any write moves the table's cache version (a statement trigger fires
  // even when no row changes), which would drop every process's cached clients on every page view.
  const stale = !client.last_used_at || clock.now().getTime() - client.last_used_at.getTime() > 60_000
  if (stale)
    await getDb()
      .update(publicClients)
      .set({ last_used_at: sql`now()`, updated_at: publicClients.updated_at })
      .where(eq(publicClients.id, client.id))
  return { token, agencyId: client.agency_id, expiresIn: TOKEN_SECONDS }
}

export type TokenRequest = {
  clientId: string | null
  /** Server to server: the client's secret. */
  secret?: string | null
  /** From a browser: the page embedding the widget (x-parent-origin, or the Origin header). */
  parentOrigin?: string | null
  ip: string
}

/**
 * POST /wordpress/validateClientOAuth (public; the client's credentials are the headers): a
 * token for 15 minutes, audience the client, the agency inside. With `x-client-secret` (server to
 * server; wrong secrets are rate limited per client and IP), or from a browser with
 * `x-from-iframe` and `x-parent-origin` on the client's allow-list: the secret never travels to a
 * browser. 401 for an unknown, inactive or wrong client; 403 for a page not on the allow-list or
 * an agency whose portal is not activated.
 */
export async function validateClientOAuth(req: TokenRequest) {
  if (!req.clientId) throw unauthenticated('Send x-client-id')
  const found = await liveClient(req.clientId)
  if (req.secret) {
    const limiter = attemptLimiter('client-secret', req.ip, req.clientId)
    await limiter.assertAllowed()
    if (!found || !secretMatches(found.client, req.secret, clock.now())) {
      await limiter.failed()
      throw unauthenticated()
    }
    await limiter.succeeded()
  } else if (req.parentOrigin !== undefined) {
    if (!found) throw unauthenticated()
    if (!originAllowed(found.client.whitelist_url, req.parentOrigin))
      throw new DomainError('FORBIDDEN', ORIGIN_REFUSED_MSG)
  } else {
    throw unauthenticated('Send x-client-secret, or x-from-iframe with x-parent-origin')
  }
  if (!found.client.is_active) throw unauthenticated()
  if (found.agencyStatus !== 'PORTAL_ACTIVATED') throw new DomainError('FORBIDDEN', UNAVAILABLE_MSG)
  return sign(found.client)
}

/**
 * The actor of a public call: the token must be ours, unexpired, for the client named by
 * `x-client-id`, and the client still active for an activated agency (checked on every call, so
 * deactivating a client stops its tokens within a second everywhere) and not switched off since
 * the token was issued (its `gen`). Null otherwise (401).
 */
export async function actorForClientToken(
  token: string,
  clientId: string | null,
): Promise<WidgetActor | null> {
  if (!clientId) return null
  let generation: unknown
  try {
    const { payload } = await jwtVerify(token, key(), {
      issuer: ISSUER,
      audience: clientId,
      algorithms: ['HS256'],
      currentDate: clock.now(),
    })
    generation = payload.gen ?? 0
  } catch {
    return null
  }
  // Every public call needs its client: from the reference cache, which drops it when either table
  // is written (a switched-off client or agency is refused by every process within a second).
  const found = await cachedReference(`public-client:${clientId}`, ['public_clients', 'agencies'], () =>
    liveClient(clientId),
  )
  if (!found || !found.client.is_active || found.agencyStatus !== 'PORTAL_ACTIVATED') return null
  // Issued before the client was last switched off: switching it on again does not revive it.
  if (generation !== found.client.token_generation) return null
  return {
    kind: 'widget',
    clientId: found.client.client_id,
    publicClientId: found.client.id,
    agencyId: found.client.agency_id,
  }
}

/** The client behind an embed page: its look and allow-list, whether live or not (null when unknown). */
export async function embedClient(clientId: string) {
  const found = await liveClient(clientId)
  if (!found) return null
  const [agency] = await getDb()
    .select({ name: agencies.full_company_name, logo: agencies.profile_image })
    .from(agencies)
    .where(eq(agencies.id, found.client.agency_id))
  return {
    client: found.client,
    live: found.client.is_active && found.agencyStatus === 'PORTAL_ACTIVATED',
    agencyName: agency?.name ?? null,
    agencyLogo: agency?.logo ?? null,
  }
}
