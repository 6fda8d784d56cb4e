import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencies } from '../../../db/schema'
import { actorLabel, type Actor } from '../../shared/actor'
import { recordAgencyHistory } from '../agency-history'
import { assertAgencyAccess } from '../agency-access'
import { presentAgency } from '../agency-presenter'
import { defineUseCase } from '../../shared/authorize'
import { syncAdmissionLink } from '../../admission/admission-scope'

/**
 * updateAgencyStatusForYourAdmission (staff): the agency's is_yourAdmission_active and, in step, its
 * admission link (domain/admission), which opens the catalogue and new students and enrolments.
 */
export const updateYourAdmission = defineUseCase(
  { staff: ['agency_management'] },
  async function updateYourAdmission(opts: { actor: Actor; agencyId: number; active: boolean }) {
    await assertAgencyAccess(opts.actor, opts.agencyId)
    const [u] = await getDb().transaction(async (tx) => {
      await recordAgencyHistory(tx, {
        agencyId: opts.agencyId,
        action: opts.active ? 'YOUR_ADMISSION_ENABLED' : 'YOUR_ADMISSION_DISABLED',
        actor: actorLabel(opts.actor),
      })
      await syncAdmissionLink(
        tx,
        opts.agencyId,
        opts.active,
        opts.actor.kind === 'Oshc' ? opts.actor.identityId : null,
      )
      return tx
        .update(agencies)
        .set({ is_yourAdmission_active: opts.active })
        .where(eq(agencies.id, opts.agencyId))
        .returning()
    })
    return presentAgency(u)
  },
)
