import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, identities } from '../../db/schema'
import { actorLabel, type Actor } from '../shared/actor'
import { conflictOnDuplicate, invalidTransition, notFound, validation } from '../shared/errors'
import { sha256, randomToken } from '../shared/crypto'
import { workflows } from '../shared/ports'
import { sendMail } from '../mail/mailer'
import { mails } from '../mail/templates'
import { canTransition, isStaffStep, type AgencyStatus } from './agencies.rules'
import { phaseOf } from './onboarding.rules'
import { logError } from '../shared/log'
import { recordAgencyHistory } from './agency-history'
import { assertAgencyAccess, presentAgency } from './get-agency'
import { assertEmailFree, DUPLICATE_AGENCY, notifyWorkflow } from './register-agency'
import { requestPasswordReset } from '../access/change-password'
import { revokeAgencySessions } from '../access/sessions'
import { defineUseCase } from '../shared/authorize'

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
      return u
    })
    await notifyWorkflow(updated.id)
    return presentAgency(updated)
  },
)

/**
 * Sets a status along the onboarding machine only. Used by updateAgencyStatus (agency-side subset,
 * enforced by its schema) and by deactivation/reactivation of an active portal.
 */
async function moveStatus(
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
    return u
  })
  await notifyWorkflow(agencyId)
  return presentAgency(updated)
}

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
    const running = await workflows().overrideOnboarding(agencyId, to, actorLabel(actor))
    if (!running && phaseOf(updated) !== 'done') await workflows().agencyChanged(agencyId)
  } catch (err) {
    // The override stands; the workflow reloads the agency on the next signal.
    logError('onboarding', err, { agencyId, note: 'could not tell the onboarding workflow of an override' })
  }
  return presentAgency(updated)
}

export const updateAgencyStatus = defineUseCase(
  { agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function updateAgencyStatus(opts: { actor: Actor; agencyId: number; status: AgencyStatus }) {
    return moveStatus(opts.actor, opts.agencyId, opts.status, 'STATUS_UPDATED')
  },
)

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
        await workflows().decideOnboarding(agency.id, 'activatePortal', actorLabel(opts.actor), note)
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

/** updateAgencyStatusForYourAdmission (staff). */
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
      return tx
        .update(agencies)
        .set({ is_yourAdmission_active: opts.active })
        .where(eq(agencies.id, opts.agencyId))
        .returning()
    })
    return presentAgency(u)
  },
)

/**
 * sendInvitation (staff): creates the agency as INVITATION (or REFERRAL) with a registration link
 * and starts its onboarding workflow. 409 when the e-mail is already known.
 */
export const inviteAgency = defineUseCase(
  { staff: ['agency_management'] },
  async function inviteAgency(opts: { actor: Actor; email: string; mainBranchEmail?: string }) {
    return createInvitedAgency({ ...opts, by: actorLabel(opts.actor) })
  },
)

/**
 * Creates an invited (or referred) agency at PENDING with its registration link, mails the link
 * and starts its onboarding workflow. For use cases that have checked their caller: staff
 * invitations, and an agency's referral (addAgencyReferral). `by` labels the history row.
 */
export async function createInvitedAgency(opts: {
  by: string
  email: string
  mainBranchEmail?: string
  creationType?: 'INVITATION' | 'REFERRAL'
  referredById?: number
}) {
  await assertEmailFree(opts.email)
  const token = randomToken()
  const agency = await getDb()
    .transaction(async (tx) => {
      const [a] = await tx
        .insert(agencies)
        .values({
          email: opts.email,
          main_branch_email: opts.mainBranchEmail ?? null,
          creation_type: opts.creationType ?? 'INVITATION',
          invitation_token_hash: sha256(token),
          referred_by_id: opts.referredById ?? null,
          status: 'PENDING',
        })
        .returning()
      await recordAgencyHistory(tx, { agencyId: a.id, action: 'INVITED', actor: opts.by, to: 'PENDING' })
      return a
    })
    .catch(conflictOnDuplicate(DUPLICATE_AGENCY))
  await sendMail({ to: agency.email, ...mails.invitation(agency.id, token) })
  await notifyWorkflow(agency.id)
  return presentAgency(agency)
}
