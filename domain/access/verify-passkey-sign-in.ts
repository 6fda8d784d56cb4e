import { givePasskeyInSession, type PasskeyInSession } from './passkey-sessions'

/**
 * The second step of signing in by passkey, keyed by the session the first step opened (which
 * must still wait for it): the same effect as a right code of the authenticator app. The answer
 * must sign a challenge of startPasskeyAuthentication for this person, with one of their
 * passkeys. Wrong answers count like wrong codes (per person and IP, `Retry-After`).
 */
export async function verifyPasskeySignIn(input: PasskeyInSession) {
  return givePasskeyInSession(input, 'sign-in')
}
