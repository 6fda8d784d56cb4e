import { and, eq, sql } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { agencyBalances, commissions } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { fromCents } from '../shared/money'
import { assertAgencyAccess } from '../agencies/agency-access'
import { bnplPercentageRemaining } from './finance.rules'
import { assertFinanceReader } from './finance-guards'
import { defineUseCase } from '../shared/authorize'

/** The balance row (zeros when the agency never had one) and its banked commission, in cents. */
export async function readBalanceCents(agencyId: number, db: DbOrTx = getDb()) {
  const [[row], [banked]] = await Promise.all([
    db.select().from(agencyBalances).where(eq(agencyBalances.agency_id, agencyId)),
    db
      .select({ sum: sql<number>`coalesce(sum(${commissions.amount}), 0)::bigint` })
      .from(commissions)
      .where(and(eq(commissions.agency_id, agencyId), eq(commissions.status, 'COMMISSION_BANKED'))),
  ])
  return {
    balance: row?.balance ?? 0,
    commission: Number(banked?.sum ?? 0),
    due_amount: row?.due_amount ?? 0,
    buy_now_pay_later_amount: row?.buy_now_pay_later_amount ?? 0,
    buy_now_pay_later_remaining_amount: row?.buy_now_pay_later_remaining_amount ?? 0,
  }
}

/**
 * balance/{agency_id}: balance, banked commission (sum of COMMISSION_BANKED commissions), due
 * amount and the BNPL allowance with what remains, as AUD decimals. Staff with finance for any
 * agency; the agency side (finance or purchase) for itself, another agency's id is 404.
 */
export const getAgencyBalance = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function getAgencyBalance(opts: { actor: Actor; agencyId: number }) {
    assertFinanceReader(opts.actor)
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

/**
 * getBuyNowPayLaterPercentageRemainingOfAgency: the BNPL allowance, what remains and the share
 * remaining in percent (0 without an allowance). Same access as getAgencyBalance.
 */
export const getBnplPercentageRemaining = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function getBnplPercentageRemaining(opts: { actor: Actor; agencyId: number }) {
    assertFinanceReader(opts.actor)
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
