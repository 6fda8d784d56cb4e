import { and, asc, eq, inArray } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { clawbacks, commissions, invoiceLineItems } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { notFound } from '../shared/errors'
import { fromCents } from '../shared/money'
import { assertAgencyAccess } from '../agencies/agency-access'
import { OPEN_CLAWBACK_STATUSES } from './clawbacks.rules'
import { BANKED_COMMISSION_STATUSES } from '../finance/finance.rules'

/**
 * getClawbackDetailsForBankedCommissions (agency with finance or purchase, staff finance): a preview,
 * changing nothing, of netting the agency's open clawbacks (outstanding, oldest first) against the
 * banked commission of the premium lines named: the banked total, what the clawbacks take, what is
 * left for the agency, and per clawback how much would be covered. Lines of another agency: 404.
 */
export const getClawbackDetailsForBankedCommissions = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function getClawbackDetailsForBankedCommissions(opts: {
    actor: Actor
    input: { invoice_line_item_ids: number[]; agency_id: number }
  }) {
    const agency = await assertAgencyAccess(opts.actor, opts.input.agency_id)
    const db = getDb()
    const ids = [...new Set(opts.input.invoice_line_item_ids)]
    const lines = ids.length
      ? await db
          .select({ id: invoiceLineItems.id, policy_id: invoiceLineItems.policy_id })
          .from(invoiceLineItems)
          .where(and(inArray(invoiceLineItems.id, ids), eq(invoiceLineItems.agency_id, agency.id)))
      : []
    const missing = ids.filter((i) => !lines.some((l) => l.id === i))
    if (missing.length) throw notFound(`Invoice line item ${missing.join(', ')}`)
    const policyIds = lines.map((l) => l.policy_id).filter((x): x is number => x !== null)
    const banked = policyIds.length
      ? await db
          .select({ id: commissions.id, policy_id: commissions.policy_id, amount: commissions.amount })
          .from(commissions)
          .where(
            and(
              inArray(commissions.policy_id, policyIds),
              inArray(commissions.status, [...BANKED_COMMISSION_STATUSES]),
            ),
          )
      : []
    const bankedTotal = banked.reduce((s, c) => s + c.amount, 0)
    const open = await db
      .select()
      .from(clawbacks)
      .where(and(eq(clawbacks.agency_id, agency.id), inArray(clawbacks.status, [...OPEN_CLAWBACK_STATUSES])))
      .orderBy(asc(clawbacks.created_at), asc(clawbacks.id))
    let left = bankedTotal
    const items = open.map((c) => {
      const covered = Math.min(c.outstanding_amount, left)
      left -= covered
      return {
        clawback_id: c.id,
        policy_id: c.policy_id,
        status: c.status,
        outstanding_amount: fromCents(c.outstanding_amount),
        covered_amount: fromCents(covered),
        remaining_amount: fromCents(c.outstanding_amount - covered),
      }
    })
    const clawbackTotal = open.reduce((s, c) => s + c.outstanding_amount, 0)
    return {
      agency_id: agency.id,
      invoice_line_item_ids: ids,
      banked_commission_amount: fromCents(bankedTotal),
      banked_commissions: banked.map((b) => ({ ...b, amount: fromCents(b.amount) })),
      total_clawback_amount: fromCents(clawbackTotal),
      netted_amount: fromCents(bankedTotal - left),
      payable_to_agency: fromCents(left),
      clawbacks: items,
    }
  },
)
