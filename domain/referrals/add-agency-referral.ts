import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, agencyReferrals } from '../../db/schema'
import { actorLabel, isAgencySide, type Actor } from '../shared/actor'
import { conflictOnDuplicate, invalidTransition } from '../shared/errors'
import { createInvitedAgency } from '../agencies/onboarding/invitations'
import { recordAgencyHistory } from '../agencies/agency-history'
import { assertAgencyAccess } from '../agencies/agency-access'
import { assertEmailFree, DUPLICATE_AGENCY } from '../agencies/onboarding/agency-email'
import type { ReferralInput } from './referrals.schemas'
import { presentReferral } from './referral-presenter'
import { defineUseCase } from '../shared/authorize'
import { config } from '../shared/config'
import { assertUnderLimit, recordFailure } from '../shared/rate-limit'

const DAY = 24 * 60 * 60

/**
 * addAgencyReferral: an agency (or staff for it) refers another agency by name and e-mail. The
 * referred agency is invited at once (creation type REFERRAL, linked to the referring agency) and
 * the referral starts PENDING. 409 when the e-mail already belongs to an agency or an account,
 * or when the referring agency's portal is not active. Another agency's id is 404.
 * Each referral mails a stranger and creates an agency record, so the agency side needs
 * user_management and may send AGENCY_REFERRAL_DAILY_LIMIT (20) a day per agency; past that a
 * 429 with Retry-After (the counter lives in `rate_limits`, as the sign-in limits do).
 */
export const addAgencyReferral = defineUseCase(
  { staff: ['agency_management'], agency: ['user_management'] },
  async function addAgencyReferral(opts: { actor: Actor; agencyId: number; input: ReferralInput }) {
    const { actor, input } = opts
    const referring = await assertAgencyAccess(actor, opts.agencyId)
    if (referring.status !== 'PORTAL_ACTIVATED') {
      throw invalidTransition(
        `Only an agency with an active portal can refer another agency (the agency is at ${referring.status})`,
      )
    }
    if (isAgencySide(actor)) await countReferral(referring.id)
    await assertEmailFree(input.referred_to_agency_email)
    const referred = await createInvitedAgency({
      by: actorLabel(actor),
      email: input.referred_to_agency_email,
      creationType: 'REFERRAL',
      referredById: referring.id,
    }).catch(conflictOnDuplicate(DUPLICATE_AGENCY))
    const row = await getDb().transaction(async (tx) => {
      const [created] = await tx
        .insert(agencyReferrals)
        .values({
          referred_to_agency_name: input.referred_to_agency_name,
          referred_to_agency_email: input.referred_to_agency_email,
          referred_by_id: referring.id,
          referred_agency_id: referred.id,
          status: 'PENDING',
        })
        .returning()
      await recordAgencyHistory(tx, {
        agencyId: referring.id,
        action: 'REFERRAL_ADDED',
        actor: actorLabel(actor),
        note: `${input.referred_to_agency_name} <${input.referred_to_agency_email}>`,
        meta: { referral_id: created.id, referred_agency_id: referred.id },
      })
      return created
    })
    const [referredNow] = await getDb()
      .select({
        id: agencies.id,
        full_company_name: agencies.full_company_name,
        email: agencies.email,
        status: agencies.status,
      })
      .from(agencies)
      .where(eq(agencies.id, referred.id))
    return presentReferral(
      actor,
      row,
      { id: referring.id, full_company_name: referring.full_company_name, email: referring.email },
      referredNow ?? null,
    )
  },
)

/**
 * Counts one referral attempt of `agencyId` and refuses it (429) past the daily limit. Counted
 * before the invitation, atomically, so a burst of parallel calls cannot slip past the check.
 */
async function countReferral(agencyId: number) {
  const key = `referral:agency:${agencyId}`
  await recordFailure(key, DAY)
  await assertUnderLimit(key, config().AGENCY_REFERRAL_DAILY_LIMIT + 1, DAY)
}
