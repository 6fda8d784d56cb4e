// A second factor given in a session (issue 24), whichever it is (a code of the authenticator app,
// a recovery code, a passkey): the second step of a sign-in (the session the first step opened
// waits for it) or a step-up in an open session. The session's side and the security log's, once.
import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { identities, sessions } from '../../db/schema'
import { clock } from '../shared/clock'
import { sha256 } from '../shared/crypto'
import { recordSecurityEvent, type ClientInfo } from './security-log'

export const NO_SESSION = 'Your sign-in has expired. Sign in again.'

export type FactorSession = {
  id: number
  identityId: number
  email: string
  expiresAt: Date
  pending: boolean
}

/** The live session of `token` and its person; `pending`: whether it waits for the second step. */
export async function sessionOfToken(token: string): Promise<FactorSession | null> {
  const [session] = await getDb()
    .select({
      id: sessions.id,
      identityId: sessions.identity_id,
      email: identities.email,
      expiresAt: sessions.expires_at,
      pending: sessions.second_factor_pending,
    })
    .from(sessions)
    .innerJoin(identities, eq(identities.id, sessions.identity_id))
    .where(eq(sessions.token_hash, sha256(token)))
  return session && session.expiresAt > clock.now() ? session : null
}

/** Who gave which factor, from where: what the security log keeps of it. */
export type FactorEvent = {
  identityId: number
  email: string
  method: 'totp' | 'recovery_code' | 'passkey'
  client: ClientInfo
}

/**
 * The session has its factor: open it (the sign-in step; the device is the one that gave the
 * factor) or refresh its time (a step-up), and write which it was to the security log. Answers
 * the time it was given.
 */
export async function markFactorGiven(
  tx: DbOrTx,
  session: FactorSession,
  event: FactorEvent,
  detail: Record<string, unknown> = {},
): Promise<Date> {
  const at = clock.now()
  await tx
    .update(sessions)
    .set({
      second_factor_pending: false,
      second_factor_at: at,
      ...(session.pending ? { ip: event.client.ip, user_agent: event.client.userAgent ?? undefined } : {}),
    })
    .where(eq(sessions.id, session.id))
  const kind =
    event.method === 'recovery_code'
      ? 'recovery_code_used'
      : session.pending
        ? 'second_factor_verified'
        : 'step_up'
  await recordSecurityEvent(tx, {
    ...event,
    kind,
    detail: { session_id: session.id, step_up: !session.pending, ...detail },
  })
  return at
}

/** A wrong factor, written to the security log (the caller counts it against the limits). */
export const recordFactorRefused = (session: FactorSession, event: FactorEvent) =>
  recordSecurityEvent(null, { ...event, kind: 'second_factor_failed', detail: { step_up: !session.pending } })
