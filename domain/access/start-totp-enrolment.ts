import { identityFactors } from '../../db/schema'
import { getDb } from '../../db/client'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { conflict } from '../shared/errors'
import { factorOf, newTotpSecret, pendingTotpSetup } from './second-factors'

export const TOTP_ALREADY_SET_UP = 'An authenticator app is already set up for you'

/**
 * Starts setting up an authenticator app: a new secret (replacing an unconfirmed one), shown as a
 * QR code and as a key to type. It protects nothing until confirmed by a first code.
 */
export const startTotpEnrolment = defineUseCase(
  { staff: true, agency: true, stepUp: 'when-enrolled' },
  async function startTotpEnrolment(opts: { actor: Actor }) {
    const { identityId, email } = opts.actor as Extract<Actor, { identityId: number }>
    if ((await factorOf(identityId))?.confirmed_at) throw conflict(TOTP_ALREADY_SET_UP)
    const sealed = newTotpSecret()
    await getDb()
      .insert(identityFactors)
      .values({ identity_id: identityId, kind: 'totp', secret_sealed: sealed })
      .onConflictDoUpdate({
        target: [identityFactors.identity_id, identityFactors.kind],
        set: { secret_sealed: sealed, last_step: null },
      })
    return pendingTotpSetup({ secret_sealed: sealed }, email)
  },
)
