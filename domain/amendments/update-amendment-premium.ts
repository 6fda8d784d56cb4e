import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { amendments, policies } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { forbidden, invalidTransition, validation } from '../shared/errors'
import { clock } from '../shared/clock'
import { formatCents } from '../shared/format'
import { toCents } from '../shared/money'
import { recordPolicyHistory } from '../policies/policy-history'
import type { AmendmentData } from './amendment-data'
import { amendmentStateOf, deciderOf, loadAmendment } from './amendment-loading'
import { confirmPremiumRefusal } from './amendments.rules'
import { amendmentDetails, decideAndPresent } from './amendment-presenter'
import { premiumColumns } from './amendment-steps'

/**
 * updateAmmendmentPolicyById (staff 'policy_management'): while the amendment waits for staff
 * (CONFIRM_PREMIUM_BY_ADMIN), new_premium (AUD) adjusts the premium; is_premium_confirmed_by_admin
 * true confirms it through the workflow -> CONFIRM_PREMIUM_BY_AGENCY, creating the AMENDMENT
 * invoice (PREMIUM with amendment_id) when the agency owes a difference. Answers { invoiceId }
 * (null when nothing is payable) and the amendment. Maker-checker (issue 22): a premium that
 * differs from the repriced one, or a fall on an amendment staff opened, is confirmed only by staff
 * holding `finance` who neither opened the amendment nor last set its premium (403 with the reason);
 * whoever adjusts the premium becomes its last setter. The agency confirms for itself
 * (updatePolicyPremium): is_premium_confirmed_by_agency true is a 400. Other waits: 409.
 */
export const updateAmendmentPremium = defineUseCase(
  { staff: ['policy_management'] },
  async function updateAmendmentPremium(opts: {
    actor: Actor
    amendmentId: number
    newPremium?: number
    confirm: boolean
    confirmByAgency?: boolean
  }) {
    const { actor } = opts
    if (opts.confirmByAgency)
      throw validation(
        'is_premium_confirmed_by_agency',
        'The agency confirms the premium itself (updatePolicyPremium)',
      )
    const a = await loadAmendment(actor, opts.amendmentId)
    const newPremium = opts.newPremium === undefined ? null : toCents(opts.newPremium)
    if (opts.confirm) {
      // Maker-checker answered here as 403; the workflow's validator and activity hold the same rule.
      const refusal = confirmPremiumRefusal(amendmentStateOf(a), {
        kind: 'confirmPremium',
        new_premium: newPremium,
        by: deciderOf(actor),
      })
      if (refusal && amendmentStateOf(a).phase === 'CONFIRM_PREMIUM_BY_ADMIN') throw forbidden(refusal)
      const out = await decideAndPresent(actor, a.id, { kind: 'confirmPremium', new_premium: newPremium })
      return { invoiceId: out.invoice_id, amendment: out }
    }
    if (newPremium === null) throw validation('new_premium', 'new_premium is required')
    const after = await getDb().transaction(async (tx) => {
      const [row] = await tx.select().from(amendments).where(eq(amendments.id, a.id)).for('update')
      const phase = amendmentStateOf(row).phase
      if (phase !== 'CONFIRM_PREMIUM_BY_ADMIN')
        throw invalidTransition(
          `The premium can be adjusted only while staff confirm it; the amendment is at ${phase}`,
        )
      const [policy] = await tx.select().from(policies).where(eq(policies.id, row.policy_id))
      const cols = premiumColumns(row.prev_premium, row.data as AmendmentData, policy, newPremium)
      const [updated] = await tx
        .update(amendments)
        .set({
          ...cols,
          premium_set_by: 'identityId' in actor ? actor.identityId : null,
          updated_at: clock.now(),
        })
        .where(eq(amendments.id, row.id))
        .returning()
      await recordPolicyHistory(tx, {
        policyId: row.policy_id,
        action: 'AMENDMENT_PREMIUM_ADJUSTED',
        actor,
        note: `Amended premium adjusted from ${formatCents(row.new_premium)} to ${formatCents(newPremium)}`,
        meta: { amendment_id: row.id, before: row.new_premium, after: newPremium },
      })
      return updated
    })
    const out = await amendmentDetails(after)
    return { invoiceId: out.invoice_id, amendment: out }
  },
)
