import type { Actor } from '../shared/actor'
import { getProfile } from './get-profile'
import { hasConfirmedFactor } from './second-factors'
import { recordSecurityEvent, type ClientInfo } from './security-log'
import { createSession, type SignInMethod } from './sessions'

/**
 * The session a first sign-in step opens (password or single sign-on): for a person with a second
 * factor it waits for the code (`secondFactorRequired`) and opens nothing until it is given.
 * Remembers the device (IP, User-Agent) and writes the sign-in to the security log.
 */
export async function openSignedInSession(
  identityId: number,
  method: SignInMethod,
  person: Actor & { mustChangePassword: boolean },
  client: ClientInfo = {},
) {
  const secondFactorRequired = await hasConfirmedFactor(identityId)
  const session = await createSession(identityId, method, secondFactorRequired, client)
  await recordSecurityEvent(null, {
    kind: method === 'sso' ? 'sso_sign_in' : 'sign_in',
    identityId,
    email: 'email' in person ? person.email : null,
    method,
    client,
    detail: secondFactorRequired ? { second_factor: 'pending' } : null,
  })
  const { mustChangePassword, ...plainActor } = person
  return {
    token: session.token,
    expiresAt: session.expiresAt,
    mustChangePassword,
    secondFactorRequired,
    // Who signed in is told once the second factor is given.
    profile: secondFactorRequired ? null : await getProfile(plainActor as Actor),
  }
}
