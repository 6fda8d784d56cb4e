import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { agencies } from '../../../db/schema'
import { actorLabel, type Actor } from '../../shared/actor'
import { invalidTransition } from '../../shared/errors'
import { canTransition, type AgencyStatus } from '../agencies.rules'
import { recordAgencyHistory } from '../agency-history'
import { assertAgencyAccess } from '../agency-access'
import { presentAgency } from '../agency-presenter'
import { notifyWorkflow } from './workflow-signal'
import { revokeAgencySessions } from '../../access/sessions'
import { noticeOnboarding } from '../onboarding-notices'

/**
 * Sets a status along the onboarding machine only. Used by updateAgencyStatus (agency-side subset,
 * enforced by its schema) and by deactivation/reactivation of an active portal.
 */
export async function moveStatus(
  actor: Actor,
  agencyId: number,
  to: AgencyStatus,
  action: string,
  note?: string | null,
) {
  const db = getDb()
  const updated = await db.transaction(async (tx) => {
    await assertAgencyAccess(actor, agencyId, tx)
    const [agency] = await tx.select().from(agencies).where(eq(agencies.id, agencyId)).for('update')
    if (agency.status === to) return agency
    if (!canTransition(agency.status, to))
      throw invalidTransition(`Cannot move the agency from ${agency.status} to ${to}`)
    const [u] = await tx.update(agencies).set({ status: to }).where(eq(agencies.id, agencyId)).returning()
    // A deactivated portal signs the agency and all its users out at once.
    if (to === 'PORTAL_DEACTIVATED') await revokeAgencySessions(agencyId, tx)
    await recordAgencyHistory(tx, {
      agencyId,
      action,
      actor: actorLabel(actor),
      from: agency.status,
      to,
      note: note ?? undefined,
    })
    // Staff switching a live portal off or on tell the agency (its mail reaches it while signed out).
    if (action === 'PORTAL_DEACTIVATED' || action === 'PORTAL_REACTIVATED')
      await noticeOnboarding(tx, action, { id: u.id, name: u.full_company_name ?? u.email })
    return u
  })
  await notifyWorkflow(agencyId)
  return presentAgency(updated)
}

/**
 * The agency changed its temporary password (in `tx`): SIGN_UP_REQUEST_SENT -> LOGIN_CRED_CHANGED
 * with its history row (`by` labels it). The agency's id when it moved (its workflow is then told after commit).
 */
export async function recordFirstPasswordChange(tx: DbOrTx, agencyId: number, by: string) {
  const [agency] = await tx.select().from(agencies).where(eq(agencies.id, agencyId)).for('update')
  if (agency?.status !== 'SIGN_UP_REQUEST_SENT') return undefined
  await tx.update(agencies).set({ status: 'LOGIN_CRED_CHANGED' }).where(eq(agencies.id, agency.id))
  await recordAgencyHistory(tx, {
    agencyId: agency.id,
    action: 'PASSWORD_CHANGED',
    actor: by,
    from: 'SIGN_UP_REQUEST_SENT',
    to: 'LOGIN_CRED_CHANGED',
  })
  return agency.id
}
