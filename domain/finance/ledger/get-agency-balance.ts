import type { Actor } from '../../shared/actor'
import { fromCents } from '../../shared/money'
import { assertAgencyAccess } from '../../agencies/agency-access'
import { defineUseCase } from '../../shared/authorize'
import { readBalanceCents } from './agency-balance'

/**
 * balance/{agency_id}: balance, banked commission (sum of COMMISSION_BANKED commissions), due
 * amount and the BNPL allowance with what remains, as AUD decimals. Staff with finance for any
 * agency; the agency side (finance or purchase) for itself, another agency's id is 404.
 */
export const getAgencyBalance = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function getAgencyBalance(opts: { actor: Actor; agencyId: number }) {
    const agency = await assertAgencyAccess(opts.actor, opts.agencyId)
    const c = await readBalanceCents(agency.id)
    return {
      agency_id: agency.id,
      balance: fromCents(c.balance),
      commission: fromCents(c.commission),
      due_amount: fromCents(c.due_amount),
      buy_now_pay_later_amount: fromCents(c.buy_now_pay_later_amount),
      buy_now_pay_later_remaining_amount: fromCents(c.buy_now_pay_later_remaining_amount),
    }
  },
)
