import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencies } from '../../../db/schema'
import { actorLabel, type Actor } from '../../shared/actor'
import { validation } from '../../shared/errors'
import { onboardingProcess } from '../onboarding-workflow/onboarding-process'
import { isStaffStep, type AgencyStatus } from '../agencies.rules'
import { phaseOf } from '../onboarding.rules'
import { logError } from '../../shared/log'
import { recordAgencyHistory } from '../agency-history'
import { assertAgencyAccess } from '../agency-access'
import { presentAgency } from '../agency-presenter'
import { revokeAgencySessions } from '../../access/sessions'
import { defineUseCase } from '../../shared/authorize'
import { moveStatus } from './status-moves'

/**
 * A staff override of the onboarding machine: the status is set as asked (nothing else changes)
 * with a STATUS_OVERRIDDEN row in the same transaction. After commit the onboarding workflow is
 * told by its `overrideStatus` update and moves to the wait the status implies, or completes. With
 * no workflow running (finished, or never started) a status that implies a wait starts one again;
 * a status with nothing to wait for (an active or deactivated portal) needs none.
 */
async function overrideStatus(actor: Actor, agencyId: number, to: AgencyStatus, reason: string) {
  const { updated, changed } = await getDb().transaction(async (tx) => {
    const [agency] = await tx.select().from(agencies).where(eq(agencies.id, agencyId)).for('update')
    if (agency.status === to) return { updated: agency, changed: false }
    const [u] = await tx.update(agencies).set({ status: to }).where(eq(agencies.id, agencyId)).returning()
    // A deactivated portal signs the agency and all its users out at once.
    if (to === 'PORTAL_DEACTIVATED') await revokeAgencySessions(agencyId, tx)
    await recordAgencyHistory(tx, {
      agencyId,
      action: 'STATUS_OVERRIDDEN',
      actor: actorLabel(actor),
      from: agency.status,
      to,
      note: reason,
    })
    return { updated: u, changed: true }
  })
  if (!changed) return presentAgency(updated)
  try {
    const running = await onboardingProcess().override(agencyId, to, actorLabel(actor))
    if (!running && phaseOf(updated) !== 'done') await onboardingProcess().changed(agencyId)
  } catch (err) {
    // The override stands; the workflow reloads the agency on the next signal.
    logError('onboarding', err, { agencyId, note: 'could not tell the onboarding workflow of an override' })
  }
  return presentAgency(updated)
}

/**
 * updateAdminAgencyStatus (staff with agency_management): sets any status (spec/01 section 4).
 * The ordinary steps keep their meaning: activation after a signed agreement is the onboarding
 * workflow's `activatePortal` decision (verification date, mail), deactivation and reactivation of
 * a live portal follow the machine. Any other status is an override and needs a `reason`. The
 * agency's current status again is no change. The reason, when given, is the history row's note.
 */
export const updateAdminAgencyStatus = defineUseCase(
  { staff: ['agency_management'] },
  async function updateAdminAgencyStatus(opts: {
    actor: Actor
    agencyId: number
    status: AgencyStatus
    reason?: string | null
  }) {
    const agency = await assertAgencyAccess(opts.actor, opts.agencyId)
    if (agency.status === opts.status) return presentAgency(agency)
    if (isStaffStep(agency.status, opts.status)) {
      if (agency.status === 'AGREEMENT_SIGNED') {
        const note = opts.reason ?? undefined
        await onboardingProcess().decide(agency.id, 'activatePortal', actorLabel(opts.actor), note)
        const [u] = await getDb().select().from(agencies).where(eq(agencies.id, agency.id))
        return presentAgency(u)
      }
      return moveStatus(
        opts.actor,
        opts.agencyId,
        opts.status,
        opts.status === 'PORTAL_ACTIVATED' ? 'PORTAL_REACTIVATED' : 'PORTAL_DEACTIVATED',
        opts.reason,
      )
    }
    if (!opts.reason) {
      throw validation(
        'reason',
        `Give a reason: moving the agency from ${agency.status} to ${opts.status} overrides its onboarding steps`,
      )
    }
    return overrideStatus(opts.actor, agency.id, opts.status, opts.reason)
  },
)
