import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, agencyReferrals } from '../../db/schema'
import { actorLabel, type Actor } from '../shared/actor'
import { conflict, conflictOnDuplicate } from '../shared/errors'
import { sendMail } from '../mail/mailer'
import { mails } from '../mail/templates'
import { recordAgencyHistory } from '../agencies/agency-history'
import { assertEmailFree, DUPLICATE_AGENCY } from '../agencies/onboarding/agency-email'
import { reissueInvitation } from '../agencies/onboarding/invitations'
import { invitationUnused, referralStatus } from './referrals.rules'
import type { ReferralInput } from './referrals.schemas'
import { loadReferral } from './referral-loading'
import { presentReferral } from './referral-presenter'
import { defineUseCase } from '../shared/authorize'

/**
 * updateAgencyReferral: corrects the referred agency's name and e-mail while the referral is
 * PENDING (409 afterwards). A new e-mail moves the referred agency's unused invitation to it and
 * mails a fresh invitation link (the old link stops working); once somebody has registered with
 * the invitation the e-mail can no longer change (409). The referring agency or staff; another
 * agency's referral is 404.
 */
export const updateAgencyReferral = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function updateAgencyReferral(opts: { actor: Actor; id: number; input: ReferralInput }) {
    const { actor, input } = opts
    const email = input.referred_to_agency_email
    const db = getDb()
    const result = await db
      .transaction(async (tx) => {
        const { referral } = await loadReferral(actor, opts.id, tx, true)
        const [referred] = referral.referred_agency_id
          ? await tx.select().from(agencies).where(eq(agencies.id, referral.referred_agency_id)).for('update')
          : []
        if (referralStatus(referral, referred) !== 'PENDING') {
          throw conflict('Only a pending referral can be changed')
        }
        const emailChanged = email.toLowerCase() !== referral.referred_to_agency_email.toLowerCase()
        let invitation: { agencyId: number; token: string } | null = null
        if (emailChanged && referred) {
          if (!invitationUnused(referred)) {
            throw conflict('The referred agency has already registered; its e-mail can no longer be changed')
          }
          await assertEmailFree(email, referred.id)
          invitation = { agencyId: referred.id, token: await reissueInvitation(tx, referred.id, email) }
        } else if (emailChanged) {
          await assertEmailFree(email)
        }
        const [updated] = await tx
          .update(agencyReferrals)
          .set({ referred_to_agency_name: input.referred_to_agency_name, referred_to_agency_email: email })
          .where(eq(agencyReferrals.id, referral.id))
          .returning()
        await recordAgencyHistory(tx, {
          agencyId: referral.referred_by_id,
          action: 'REFERRAL_UPDATED',
          actor: actorLabel(actor),
          note: `${input.referred_to_agency_name} <${email}>`,
          meta: {
            referral_id: referral.id,
            before: { name: referral.referred_to_agency_name, email: referral.referred_to_agency_email },
            after: { name: input.referred_to_agency_name, email },
          },
        })
        return { updated, invitation }
      })
      .catch(conflictOnDuplicate(DUPLICATE_AGENCY))
    // The mail goes out after commit: a refused update sends nothing.
    if (result.invitation) {
      await sendMail({ to: email, ...mails.invitation(result.invitation.agencyId, result.invitation.token) })
    }
    const { referral, referring, referred } = await loadReferral(actor, result.updated.id)
    return presentReferral(actor, referral, referring, referred)
  },
)
