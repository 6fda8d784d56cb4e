import { eq } from 'drizzle-orm'
import { agencies, agencyDocuments } from '../../../db/schema'
import { invalidTransition, notFound } from '../../shared/errors'
import { mails } from '../../mail/templates'
import { DECISIONS, type OnboardingDecision } from '../onboarding.rules'
import { recordAgencyHistory } from '../agency-history'
import { sharedStepDeps, type StepDeps } from '../../shared/step-deps'
import { getOnboardingSnapshot } from './get-onboarding-snapshot'
import { noticeOnboarding, type OnboardingNotice } from '../onboarding-notices'

/**
 * Applies a staff decision against the database (the authority): the agency must be exactly at
 * the decision's source status, or already at its target (a retried activity), else it is refused.
 */
export async function applyOnboardingDecision(
  input: {
    agencyId: number
    decision: OnboardingDecision
    actor: string
    note?: string
  },
  { db, mail: sendMail, clock }: StepDeps = sharedStepDeps(),
) {
  const { from, to } = DECISIONS[input.decision]
  const mail = await db.transaction(async (tx) => {
    const [agency] = await tx.select().from(agencies).where(eq(agencies.id, input.agencyId)).for('update')
    if (!agency) throw notFound('Agency')
    if (agency.status === to) return null
    if (agency.status !== from) {
      throw invalidTransition(`Cannot ${describe(input.decision)} while the agency is at ${agency.status}`)
    }
    const snapshot = await getOnboardingSnapshot(agency.id, tx)
    if (input.decision === 'configurationDone') {
      if (!agency.is_request_submitted)
        throw invalidTransition('The agency has not submitted its registration request yet')
      if (snapshot.configured_providers === 0) {
        throw invalidTransition('Configure the commission of at least one insurance provider first')
      }
    }
    if (input.decision === 'agreementSent') {
      if (!snapshot.has_unsigned_agreement)
        throw invalidTransition('Upload the unsigned agreement before sending it')
      await tx
        .update(agencyDocuments)
        .set({ is_unsigned_agreement_sent: true })
        .where(eq(agencyDocuments.agency_id, agency.id))
    }
    const activation = input.decision === 'activatePortal'
    await tx
      .update(agencies)
      .set({ status: to, ...(activation ? { is_verfied: true, verification_date: clock.now() } : {}) })
      .where(eq(agencies.id, agency.id))
    await recordAgencyHistory(tx, {
      agencyId: agency.id,
      action: input.decision,
      actor: input.actor,
      from,
      to,
      note: input.note,
    })
    const name = agency.full_company_name ?? agency.email
    await noticeOnboarding(tx, NOTICE_OF[input.decision], { id: agency.id, name })
    if (input.decision === 'agreementSent') return { to: agency.email, ...mails.agreementSent(name) }
    if (activation) return { to: agency.email, ...mails.portalActivated(name) }
    return null
  })
  if (mail) await sendMail(mail)
  return getOnboardingSnapshot(input.agencyId, db)
}

const NOTICE_OF = {
  configurationDone: 'AGENCY_CONFIGURATION_DONE',
  agreementSent: 'AGREEMENT_SENT',
  activatePortal: 'PORTAL_ACTIVATED',
} as const satisfies Record<OnboardingDecision, OnboardingNotice>

function describe(d: OnboardingDecision) {
  return {
    configurationDone: 'complete the configuration',
    agreementSent: 'send the agreement',
    activatePortal: 'activate the portal',
  }[d]
}
