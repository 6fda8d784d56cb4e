// A passkey given in a session (issue 24): the second step of a sign-in (the session the first
// step opened waits for it) or a step-up in an open session. Shared by verifyPasskeySignIn and
// verifyPasskeyForSession, which differ only in the state of the session they accept.
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import { getDb } from '../../db/client'
import { DomainError, fieldErrors, validation } from '../shared/errors'
import { attemptLimiter } from '../shared/rate-limit'
import { acceptPasskeyAssertion, hasPasskey, PASSKEY_NOT_ACCEPTED, type CeremonyPurpose } from './passkeys'
import { AuthenticationResponseSchema } from './passkeys.schemas'
import {
  markFactorGiven,
  NO_SESSION,
  recordFactorRefused,
  sessionOfToken,
  type FactorEvent,
} from './factor-given'
import type { ClientInfo } from './security-log'
import { forgetCachedSession } from './sessions'

export { NO_SESSION, sessionOfToken }

/** Whether the sign-in of `token`, waiting for its second step, can take a passkey. */
export async function signInTakesPasskey(token: string) {
  const session = await sessionOfToken(token)
  return !!session?.pending && (await hasPasskey(session.identityId))
}

/** The session a ceremony of `purpose` runs in: pending for a sign-in, open for a step-up. */
export async function sessionFor(token: string, purpose: CeremonyPurpose) {
  const session = await sessionOfToken(token)
  if (!session || session.pending !== (purpose === 'sign-in'))
    throw new DomainError('UNAUTHENTICATED', NO_SESSION)
  return session
}

/** The browser's answer, parsed: a malformed one is refused like a wrong one. */
export function assertionOf(raw: unknown): AuthenticationResponseJSON {
  const parsed = AuthenticationResponseSchema.safeParse(raw)
  if (!parsed.success)
    throw new DomainError('VALIDATION', PASSKEY_NOT_ACCEPTED, {
      response: [PASSKEY_NOT_ACCEPTED],
      ...fieldErrors(parsed.error.issues, (p) => ['response', ...p].join('.')),
    })
  return parsed.data as AuthenticationResponseJSON
}

export type PasskeyInSession = {
  token: string
  response: unknown
  clientIp: string
  userAgent?: string | null
}

/**
 * Checks the passkey's answer in the session of `input.token` and marks the factor given now
 * (a pending session opens). Wrong answers count like wrong codes (per person and IP,
 * `Retry-After`); each outcome is written to the security log.
 */
export async function givePasskeyInSession(input: PasskeyInSession, purpose: 'sign-in' | 'step-up') {
  const session = await sessionFor(input.token, purpose)
  const response = assertionOf(input.response)
  const limiter = attemptLimiter('second-factor', input.clientIp, String(session.identityId))
  await limiter.assertAllowed()
  const client: ClientInfo = { ip: input.clientIp, userAgent: input.userAgent }
  const event: FactorEvent = {
    identityId: session.identityId,
    email: session.email,
    method: 'passkey',
    client,
  }
  const given = await getDb().transaction(async (tx) => {
    const accepted = await acceptPasskeyAssertion(tx, session.identityId, purpose, response)
    if (!accepted) return null
    return { passkey: accepted, at: await markFactorGiven(tx, session, event, { passkey_id: accepted.id }) }
  })
  if (!given) {
    await recordFactorRefused(session, event)
    await limiter.failed()
    throw validation('response', PASSKEY_NOT_ACCEPTED)
  }
  await limiter.succeeded()
  forgetCachedSession(input.token)
  return { expiresAt: session.expiresAt, secondFactorAt: given.at, passkeyId: given.passkey.id }
}
