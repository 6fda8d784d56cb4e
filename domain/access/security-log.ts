// The security log (issue 24): one writer of `security_events`. Rows are persisted shapes: the
// log screen and its export read `kind`, `method` and `detail`, so kinds are added, never renamed.
import { getDb, type DbOrTx } from '../../db/client'
import { securityEvents } from '../../db/schema'

/** What is written, one value a row. New kinds go at the end (and get a label below). */
export const SECURITY_EVENT_KINDS = [
  'sign_in',
  'sign_in_failed',
  'sso_sign_in',
  'sso_refused',
  'second_factor_verified',
  'second_factor_failed',
  'recovery_code_used',
  'second_factor_enrolled',
  'second_factor_reset',
  'step_up',
  'session_revoked',
  'passkey_added',
  'passkey_removed',
] as const

export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number]

/** How the log screen names each kind. */
export const SECURITY_EVENT_LABELS: Record<SecurityEventKind, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  sso_sign_in: 'Signed in with single sign-on',
  sso_refused: 'Single sign-on refused',
  second_factor_verified: 'Second factor given',
  second_factor_failed: 'Second factor refused',
  recovery_code_used: 'Recovery code used',
  second_factor_enrolled: 'Second factor set up',
  second_factor_reset: 'Second factor reset',
  step_up: 'Step-up verified',
  session_revoked: 'Signed out remotely',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
}

/** Where a request came from: the web server's view of the client's IP and its User-Agent. */
export type ClientInfo = { ip?: string | null; userAgent?: string | null }

export type SecurityEvent = {
  kind: SecurityEventKind
  /** The person the event is about, when known (a failed sign-in of an unknown e-mail has none). */
  identityId?: number | null
  /** The e-mail it was about (what was typed, for a failed sign-in). */
  email?: string | null
  /** password, sso, totp, recovery_code, passkey, admin … where it applies. */
  method?: string | null
  client?: ClientInfo
  /** A few plain facts (a reason, who acted, a session id); never a secret or a code. */
  detail?: Record<string, unknown> | null
}

// Typed values are the client's: bounded so a long header or e-mail cannot bloat the log.
const clip = (s: string | null | undefined, max: number) => (s ? s.slice(0, max) : null)

/**
 * Appends one event to the security log. Pass the transaction of the change it records, so the
 * row and the change commit together; a sign-in refusal (nothing else to commit) passes the pool.
 */
export async function recordSecurityEvent(db: DbOrTx | null, event: SecurityEvent) {
  await (db ?? getDb()).insert(securityEvents).values({
    kind: event.kind,
    identity_id: event.identityId ?? null,
    email: clip(event.email?.trim().toLowerCase(), 320),
    method: event.method ?? null,
    ip: clip(event.client?.ip, 64),
    user_agent: clip(event.client?.userAgent, 512),
    detail: event.detail ?? null,
  })
}
