import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencies } from '../../../db/schema'
import { actorLabel, type Actor } from '../../shared/actor'
import { invalidTransition } from '../../shared/errors'
import { recordAgencyHistory } from '../agency-history'
import { noticeOnboarding } from '../onboarding-notices'
import { assertAgencyAccess } from '../agency-access'
import { presentAgency } from '../agency-presenter'
import { notifyWorkflow } from './workflow-signal'
import { defineUseCase } from '../../shared/authorize'

/** submitAgencyRegistrationRequest: the agency hands its completed details to staff. */
export const submitRegistrationRequest = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function submitRegistrationRequest(opts: { actor: Actor; agencyId: number }) {
    const db = getDb()
    const updated = await db.transaction(async (tx) => {
      await assertAgencyAccess(opts.actor, opts.agencyId, tx)
      const [agency] = await tx.select().from(agencies).where(eq(agencies.id, opts.agencyId)).for('update')
      if (agency.status !== 'COMPANY_DETAIL_DONE') {
        throw invalidTransition(
          `The request can be submitted once company details are complete (the agency is at ${agency.status})`,
        )
      }
      if (agency.is_request_submitted)
        throw invalidTransition('The registration request has already been submitted')
      const [u] = await tx
        .update(agencies)
        .set({ is_request_submitted: true })
        .where(eq(agencies.id, agency.id))
        .returning()
      await recordAgencyHistory(tx, {
        agencyId: agency.id,
        action: 'REGISTRATION_REQUEST_SUBMITTED',
        actor: actorLabel(opts.actor),
      })
      await noticeOnboarding(tx, 'REGISTRATION_REQUEST_SUBMITTED', {
        id: agency.id,
        name: agency.full_company_name ?? agency.email,
      })
      return u
    })
    await notifyWorkflow(updated.id)
    return presentAgency(updated)
  },
)
