import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { identityFactors } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { clock } from '../shared/clock'
import { conflict, validation } from '../shared/errors'
import { acceptTotpCode, factorOf, replaceRecoveryCodes } from './second-factors'
import { recordSecurityEvent, type ClientInfo } from './security-log'
import { forgetCachedSessionsOf } from './sessions'
import { TOTP_ALREADY_SET_UP } from './start-totp-enrolment'

export const CODE_NOT_ACCEPTED = 'The code is not correct. Enter the six digits your app shows now.'

/**
 * Confirms the authenticator app with its first code: from now on signing in asks for a code.
 * Answers the ten recovery codes, shown this once. Written to the security log.
 */
export const confirmTotpEnrolment = defineUseCase(
  { staff: true, agency: true, stepUp: 'when-enrolled' },
  async function confirmTotpEnrolment(opts: { actor: Actor; code: string; client?: ClientInfo }) {
    const { identityId, email } = opts.actor as Extract<Actor, { identityId: number }>
    const factor = await factorOf(identityId)
    if (!factor) throw conflict('Start setting up the authenticator app first')
    if (factor.confirmed_at) throw conflict(TOTP_ALREADY_SET_UP)
    const codes = await getDb().transaction(async (tx) => {
      if (!(await acceptTotpCode(tx, identityId, email, opts.code.trim())))
        throw validation('code', CODE_NOT_ACCEPTED)
      await tx
        .update(identityFactors)
        .set({ confirmed_at: clock.now() })
        .where(eq(identityFactors.id, factor.id))
      await recordSecurityEvent(tx, {
        kind: 'second_factor_enrolled',
        identityId,
        email,
        method: 'totp',
        client: opts.client,
      })
      return { recoveryCodes: await replaceRecoveryCodes(tx, identityId) }
    })
    // From the next request on, the person's sessions know they have a factor (step-up, policy).
    forgetCachedSessionsOf(identityId)
    return codes
  },
)
