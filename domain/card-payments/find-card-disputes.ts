import { z } from 'zod'
import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, cardDisputes, cardPayments, policies } from '../../db/schema'
import { CARD_DISPUTE_STATUSES } from '../../db/schema/finance'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { pageInfo, PageQuerySchema } from '../shared/pagination'
import { accountLabel } from '../money/labels'
import { CARD_DISPUTE_STATUS_LABELS, cardDisputeReasonLabel } from './card-disputes.rules'

export const CardDisputeListQuerySchema = PageQuerySchema.extend({
  status: z.enum(CARD_DISPUTE_STATUSES).optional().catch(undefined),
})
export type CardDisputeListQuery = z.infer<typeof CardDisputeListQuerySchema>

/**
 * The card disputes (chargebacks) the gateway reported: open ones first (oldest evidence deadline
 * first), then closed ones newest first; each with what it disputes (a policy's premium, a card
 * top-up, an invoice's card payment, or a payment the product does not know), the amount disputed
 * (cents of its currency), what the journal holds for it (cents, AUD) and from which account, its
 * reason, status and dates. Staff holding finance.
 */
export const findCardDisputes = defineUseCase(
  { staff: ['finance'] },
  async function findCardDisputes(opts: { actor: Actor; input: CardDisputeListQuery }) {
    const { page, perPage, status } = opts.input
    const where: SQL[] = []
    if (status) where.push(eq(cardDisputes.status, status))
    const rows = await getDb()
      .select({
        d: cardDisputes,
        card_ref: cardPayments.ref,
        policy_ref: policies.ref,
        agency_name: sql<string | null>`coalesce(${agencies.full_company_name}, ${agencies.email})`,
        total: sql<number>`count(*) over()::int`,
      })
      .from(cardDisputes)
      .leftJoin(cardPayments, eq(cardPayments.id, cardDisputes.card_payment_id))
      .leftJoin(policies, eq(policies.id, cardDisputes.policy_id))
      .leftJoin(agencies, eq(agencies.id, cardDisputes.agency_id))
      .where(where.length ? and(...where) : undefined)
      .orderBy(
        sql`(${cardDisputes.status} = 'OPEN') desc`,
        sql`case when ${cardDisputes.status} = 'OPEN' then ${cardDisputes.evidence_due_at} end asc nulls last`,
        desc(cardDisputes.opened_at),
        desc(cardDisputes.id),
      )
      .limit(perPage)
      .offset((page - 1) * perPage)
    return {
      items: rows.map(({ d, card_ref, policy_ref, agency_name }) => ({
        id: d.id,
        gateway_dispute_id: d.gateway_dispute_id,
        gateway_payment_id: d.gateway_payment_id,
        card_payment_ref: card_ref,
        about: d.topup_id
          ? { kind: 'topup' as const, id: d.topup_id, label: `Top-up #${d.topup_id}` }
          : d.policy_id
            ? { kind: 'policy' as const, id: d.policy_id, label: `Policy ${policy_ref ?? `#${d.policy_id}`}` }
            : d.invoice_id
              ? { kind: 'invoice' as const, id: d.invoice_id, label: `Invoice #${d.invoice_id}` }
              : { kind: 'unknown' as const, id: null, label: 'Payment not known to the product' },
        agency_id: d.agency_id,
        agency_name,
        amount: d.amount,
        currency: d.currency,
        held_amount: d.held_amount + d.held_surcharge,
        held_from: d.held_account ? accountLabel(d.held_account) : null,
        held_from_suspense: d.held_account === 'suspense',
        reason: d.reason,
        reason_label: cardDisputeReasonLabel(d.reason) || 'No reason given',
        status: d.status,
        status_label: CARD_DISPUTE_STATUS_LABELS[d.status],
        opened_at: d.opened_at,
        evidence_due_at: d.evidence_due_at,
        closed_at: d.closed_at,
      })),
      pageInfo: pageInfo(page, perPage, rows[0]?.total ?? 0),
    }
  },
)
