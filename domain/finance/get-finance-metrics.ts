import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyBalances, clawbacks, commissions, invoices } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { fromCents } from '../shared/money'
import { invoiceScope, invoiceTabWhere } from './invoices/invoice-listing'
import { defineUseCase } from '../shared/authorize'
import { BANKED_COMMISSION_STATUSES } from './finance.rules'

const bucket = (cond: SQL | undefined, amount: SQL) => ({
  count: sql<number>`count(*) filter (where ${cond})::int`,
  amount: sql<number>`coalesce(sum(${amount}) filter (where ${cond}), 0)::bigint`,
})

/** Clawbacks the agency still owes on (not COMPLETED). */
const OPEN_CLAWBACK_STATUSES = ['INITIATED', 'REQUESTED', 'REJECTED'] as const

/**
 * finance-metrics: the balance, banked commission and BNPL allowance of one agency (or of every
 * agency for staff without agencyId), and the count and amount of its invoices per tab (payable,
 * receivable, pending approval and partial payment by outstanding amount; paid by total).
 * commissionClawback is what the agency still owes on clawbacks that are not settled (sum of
 * outstanding_amount of INITIATED, REQUESTED and REJECTED clawbacks). All computed in SQL, never
 * stored. Access: as getAllInvoices.
 */
export const getFinanceMetrics = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function getFinanceMetrics(opts: { actor: Actor; agencyId?: number }) {
    const agencyId = await invoiceScope(opts.actor, opts.agencyId)
    const db = getDb()
    const outstanding = sql`${invoices.total_outstanding_amount}`
    const [[inv], [bal], [com], [claw]] = await Promise.all([
      db
        .select({
          payable: bucket(invoiceTabWhere('PAYABLE'), outstanding),
          receivable: bucket(invoiceTabWhere('RECEIVABLE'), outstanding),
          pendingApproval: bucket(invoiceTabWhere('PENDING_APPROVAL'), outstanding),
          paid: bucket(invoiceTabWhere('PAID'), sql`${invoices.total_amount_due}`),
          partialPayment: bucket(invoiceTabWhere('PARTIAL_PAYMENT'), outstanding),
        })
        .from(invoices)
        .where(agencyId === undefined ? undefined : eq(invoices.agency_id, agencyId)),
      db
        .select({
          balance: sql<number>`coalesce(sum(${agencyBalances.balance}), 0)::bigint`,
          bnplTotal: sql<number>`coalesce(sum(${agencyBalances.buy_now_pay_later_amount}), 0)::bigint`,
          bnplRemaining: sql<number>`coalesce(sum(${agencyBalances.buy_now_pay_later_remaining_amount}), 0)::bigint`,
        })
        .from(agencyBalances)
        .where(agencyId === undefined ? undefined : eq(agencyBalances.agency_id, agencyId)),
      db
        .select({ banked: sql<number>`coalesce(sum(${commissions.amount}), 0)::bigint` })
        .from(commissions)
        .where(
          and(
            inArray(commissions.status, [...BANKED_COMMISSION_STATUSES]),
            agencyId === undefined ? undefined : eq(commissions.agency_id, agencyId),
          ),
        ),
      db
        .select({ owed: sql<number>`coalesce(sum(${clawbacks.outstanding_amount}), 0)::bigint` })
        .from(clawbacks)
        .where(
          and(
            inArray(clawbacks.status, [...OPEN_CLAWBACK_STATUSES]),
            agencyId === undefined ? undefined : eq(clawbacks.agency_id, agencyId),
          ),
        ),
    ])
    const money = (b: { count: number; amount: number }) => ({
      count: b.count,
      amount: fromCents(Number(b.amount)),
    })
    return {
      agencyId: agencyId ?? null,
      agencyTopUpBalance: fromCents(Number(bal.balance)),
      commissionAvailable: fromCents(Number(com.banked)),
      commissionClawback: fromCents(Number(claw.owed)),
      bnplRemaining: fromCents(Number(bal.bnplRemaining)),
      bnplTotal: fromCents(Number(bal.bnplTotal)),
      payable: money(inv.payable),
      receivable: money(inv.receivable),
      pendingApproval: money(inv.pendingApproval),
      paid: money(inv.paid),
      partialPayment: money(inv.partialPayment),
    }
  },
)
