import type { Actor } from '../../shared/actor'
import { fromCents } from '../../shared/money'
import { assertAgencyAccess } from '../../agencies/agency-access'
import { bnplPercentageRemaining } from '../finance.rules'
import { defineUseCase } from '../../shared/authorize'
import { readBalanceCents } from '../ledger/agency-balance'

/**
 * getBuyNowPayLaterPercentageRemainingOfAgency: the BNPL allowance, what remains and the share
 * remaining in percent (0 without an allowance). Same access as getAgencyBalance.
 */
export const getBnplPercentageRemaining = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function getBnplPercentageRemaining(opts: { actor: Actor; agencyId: number }) {
    const agency = await assertAgencyAccess(opts.actor, opts.agencyId)
    const c = await readBalanceCents(agency.id)
    return {
      agency_id: agency.id,
      buy_now_pay_later_amount: fromCents(c.buy_now_pay_later_amount),
      buy_now_pay_later_remaining_amount: fromCents(c.buy_now_pay_later_remaining_amount),
      buy_now_pay_later_used_amount: fromCents(
        c.buy_now_pay_later_amount - c.buy_now_pay_later_remaining_amount,
      ),
      percentage_remaining: bnplPercentageRemaining(
        c.buy_now_pay_later_amount,
        c.buy_now_pay_later_remaining_amount,
      ),
    }
  },
)
