import { verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { getDb } from '../../db/client'
import { passkeys } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { conflictOnDuplicate, DomainError, fieldErrors, validation } from '../shared/errors'
import { relyingParty, takeChallenge } from './passkeys'
import { FinishPasskeyRegistrationSchema } from './passkeys.schemas'
import { recordSecurityEvent, type ClientInfo } from './security-log'
import { forgetCachedSessionsOf } from './sessions'

export const PASSKEY_NOT_MADE = 'The passkey could not be added. Try again.'

/**
 * Adds the passkey the person's browser made for a challenge of startPasskeyRegistration (used
 * once, five minutes): attestation `none`, origin and RP id checked by @simplewebauthn/server.
 * From now on signing in asks for a second factor, which this passkey gives. Any signed-in
 * person, for themselves; written to the security log.
 */
export const finishPasskeyRegistration = defineUseCase(
  { staff: true, agency: true, stepUp: 'when-enrolled' },
  async function finishPasskeyRegistration(opts: {
    actor: Actor
    name: unknown
    response: unknown
    client?: ClientInfo
  }) {
    const { identityId, email } = opts.actor as Extract<Actor, { identityId: number }>
    const parsed = FinishPasskeyRegistrationSchema.safeParse({ name: opts.name, response: opts.response })
    if (!parsed.success)
      throw new DomainError('VALIDATION', 'Check the passkey', fieldErrors(parsed.error.issues))
    const { name, response } = parsed.data
    const rp = relyingParty()
    const result = await getDb().transaction(async (tx) => {
      const verification = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: (challenge) => takeChallenge(tx, identityId, 'registration', challenge),
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      }).catch(() => ({ verified: false }) as const)
      if (!verification.verified) throw validation('response', PASSKEY_NOT_MADE)
      const { credential } = verification.registrationInfo
      const [added] = await tx
        .insert(passkeys)
        .values({
          identity_id: identityId,
          credential_id: credential.id,
          public_key: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name,
        })
        .returning({ id: passkeys.id, name: passkeys.name })
        .catch(conflictOnDuplicate('This passkey is already added'))
      await recordSecurityEvent(tx, {
        kind: 'passkey_added',
        identityId,
        email,
        method: 'passkey',
        client: opts.client,
        detail: { passkey_id: added.id, name },
      })
      return added
    })
    // From the next request on, the person's sessions see the change (step-up, policy).
    forgetCachedSessionsOf(identityId)
    return result
  },
)
