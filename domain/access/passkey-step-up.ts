import { givePasskeyInSession, type PasskeyInSession } from './passkey-sessions'

/**
 * A step-up by passkey: in an open session (signed in, second step done), the person confirms
 * with one of their passkeys again, and the session's `second_factor_at` becomes now (what a
 * money decision checks). The answer must sign a challenge of startPasskeyAuthentication for
 * this session. Wrong answers count like wrong codes (per person and IP, `Retry-After`).
 * Answers when the factor was given (`secondFactorAt`).
 */
export async function verifyPasskeyForSession(input: PasskeyInSession) {
  return givePasskeyInSession(input, 'step-up')
}
