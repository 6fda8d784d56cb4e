import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { identities } from '../../../db/schema'
import { actorLabel, type Actor } from '../../shared/actor'
import { invalidTransition, notFound } from '../../shared/errors'
import { recordAgencyHistory } from '../agency-history'
import { assertAgencyAccess } from '../agency-access'
import { requestPasswordReset } from '../../access/change-password'
import { defineUseCase } from '../../shared/authorize'

/** sendPasswordResetEmail (staff): mails the agency a reset link. */
export const sendAgencyPasswordReset = defineUseCase(
  { staff: ['agency_management'] },
  async function sendAgencyPasswordReset(opts: { actor: Actor; agencyId: number }) {
    const agency = await assertAgencyAccess(opts.actor, opts.agencyId)
    if (!agency.identity_id) throw invalidTransition('This agency has no login yet')
    const [identity] = await getDb().select().from(identities).where(eq(identities.id, agency.identity_id))
    if (!identity) throw notFound('Account')
    await requestPasswordReset({ email: identity.email })
    await getDb().transaction((tx) =>
      recordAgencyHistory(tx, {
        agencyId: agency.id,
        action: 'PASSWORD_RESET_SENT',
        actor: actorLabel(opts.actor),
      }),
    )
    return { agencyId: agency.id }
  },
)
