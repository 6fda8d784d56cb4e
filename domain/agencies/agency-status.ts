import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, identities } from '../../db/schema'
import { actorLabel, type Actor } from '../shared/actor'
import { conflict, invalidTransition, isUniqueViolation, notFound } from '../shared/errors'
import { sha256, randomToken } from '../shared/crypto'
import { workflows } from '../shared/ports'
import { sendMail } from '../mail/mailer'
import { mails } from '../mail/templates'
import { canTransition, type AgencyStatus } from './agencies.rules'
import { recordAgencyHistory } from './agency-history'
import { assertAgencyAccess, presentAgency } from './get-agency'
import { assertEmailFree, DUPLICATE_AGENCY, notifyWorkflow } from './register-agency'
import { requestPasswordReset } from '../access/change-password'

/** submitAgencyRegistrationRequest: the agency hands its completed details to staff. */
export async function submitRegistrationRequest(opts: { actor: Actor; agencyId: number }) {
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
}

/**
 * Sets a status along the onboarding machine only. Used by updateAgencyStatus (agency-side subset,
 * enforced by its schema) and by deactivation/reactivation of an active portal.
 */
async function moveStatus(actor: Actor, agencyId: number, to: AgencyStatus, action: string) {
  const db = getDb()
  const updated = await db.transaction(async (tx) => {
    await assertAgencyAccess(actor, agencyId, tx)
    const [agency] = await tx.select().from(agencies).where(eq(agencies.id, agencyId)).for('update')
    if (agency.status === to) return agency
    if (!canTransition(agency.status, to))
      throw invalidTransition(`Cannot move the agency from ${agency.status} to ${to}`)
    const [u] = await tx.update(agencies).set({ status: to }).where(eq(agencies.id, agencyId)).returning()
    await recordAgencyHistory(tx, { agencyId, action, actor: actorLabel(actor), from: agency.status, to })
    return u
  })
  await notifyWorkflow(agencyId)
  return presentAgency(updated)
}

export const updateAgencyStatus = (opts: { actor: Actor; agencyId: number; status: AgencyStatus }) =>
  moveStatus(opts.actor, opts.agencyId, opts.status, 'STATUS_UPDATED')

/**
 * updateAdminAgencyStatus (staff): activation after a signed agreement is the onboarding workflow's
 * decision; deactivation and reactivation of a live portal follow the same machine directly.
 */
export async function updateAdminAgencyStatus(opts: {
  actor: Actor
  agencyId: number
  status: AgencyStatus
}) {
  const agency = await assertAgencyAccess(opts.actor, opts.agencyId)
  if (opts.status === 'PORTAL_ACTIVATED' && agency.status === 'AGREEMENT_SIGNED') {
    await workflows().decideOnboarding(agency.id, 'activatePortal', actorLabel(opts.actor))
    const [u] = await getDb().select().from(agencies).where(eq(agencies.id, agency.id))
    return presentAgency(u)
  }
  if (opts.status === 'PORTAL_ACTIVATED' || opts.status === 'PORTAL_DEACTIVATED') {
    return moveStatus(
      opts.actor,
      opts.agencyId,
      opts.status,
      opts.status === 'PORTAL_ACTIVATED' ? 'PORTAL_REACTIVATED' : 'PORTAL_DEACTIVATED',
    )
  }
  throw invalidTransition(
    `Staff can activate (after the agreement is signed) or deactivate a portal; other steps have their own actions (the agency is at ${agency.status})`,
  )
}

/** sendPasswordResetEmail (staff): mails the agency a reset link. */
export async function sendAgencyPasswordReset(opts: { actor: Actor; agencyId: number }) {
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
}

/** updateAgencyStatusForYourAdmission (staff). */
export async function updateYourAdmission(opts: { actor: Actor; agencyId: number; active: boolean }) {
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
}

/**
 * sendInvitation (staff): creates the agency as INVITATION (or REFERRAL) with a registration link
 * and starts its onboarding workflow. 409 when the e-mail is already known.
 */
export async function inviteAgency(opts: {
  actor: Actor
  email: string
  mainBranchEmail?: string
  creationType?: 'INVITATION' | 'REFERRAL'
  referredById?: number
}) {
  await assertEmailFree(opts.email)
  const token = randomToken()
  const db = getDb()
  const agency = await db
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
      await recordAgencyHistory(tx, {
        agencyId: a.id,
        action: 'INVITED',
        actor: actorLabel(opts.actor),
        to: 'PENDING',
      })
      return a
    })
    .catch((err) => {
      throw isUniqueViolation(err) ? conflict(DUPLICATE_AGENCY) : err
    })
  await sendMail({ to: agency.email, ...mails.invitation(agency.id, token) })
  await notifyWorkflow(agency.id)
  return presentAgency(agency)
}
