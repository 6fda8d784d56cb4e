import { generateAuthenticationOptions } from '@simplewebauthn/server'
import { conflict, DomainError } from '../shared/errors'
import { descriptorsOf, keepChallenge, passkeysOf, relyingParty } from './passkeys'
import { NO_SESSION, sessionOfToken } from './passkey-sessions'

/**
 * What the browser needs to ask for one of the person's passkeys (navigator.credentials.get),
 * keyed by the session of `token`: for a session waiting for its second step it serves the
 * sign-in, for an open one a step-up. The challenge is kept five minutes, for one answer.
 */
export async function startPasskeyAuthentication(input: { token: string }) {
  const session = await sessionOfToken(input.token)
  if (!session) throw new DomainError('UNAUTHENTICATED', NO_SESSION)
  const mine = await passkeysOf(session.identityId)
  if (!mine.length) throw conflict('You have no passkey. Enter a code instead.')
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().id,
    allowCredentials: descriptorsOf(mine),
    userVerification: 'preferred',
  })
  await keepChallenge(session.identityId, session.pending ? 'sign-in' : 'step-up', options.challenge)
  return options
}
