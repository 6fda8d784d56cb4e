// What a payout request must hold before anything is written: the agency's premium lines, their
// banked commissions (locked, so two requests cannot both take one) and a free external invoice id.
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { commissionPayouts, commissions, fullRefunds, invoiceLineItems, policies } from '../../../db/schema'
import { conflict, notFound } from '../../shared/errors'
import { COMMISSION_STATUS_LABELS } from '../../shared/labels'
import { BANKED_COMMISSION_STATUSES } from '../finance.rules'

const PREMIUM_LINES = ['PREMIUM', 'OFFER_PREMIUM'] as const

/** A line item a request names (PREMIUM / OFFER_PREMIUM of a policy). */
export type RequestedLine = { id: number; agency_id: number; policy_id: number | null; type: string }

/** A commission a request takes, with its policy's reference. */
export type RequestedCommission = { c: typeof commissions.$inferSelect; ref: string }

/** The named lines, all the agency's (else 404 naming the others) and all policy premium lines (else 409). */
export async function premiumLinesOf(tx: DbOrTx, agencyId: number, ids: number[]): Promise<RequestedLine[]> {
  const lines = await tx
    .select({
      id: invoiceLineItems.id,
      agency_id: invoiceLineItems.agency_id,
      policy_id: invoiceLineItems.policy_id,
      type: invoiceLineItems.line_item_type,
    })
    .from(invoiceLineItems)
    .where(inArray(invoiceLineItems.id, ids))
  const mine = lines.filter((l) => l.agency_id === agencyId)
  const missing = ids.filter((i) => !mine.some((l) => l.id === i))
  if (missing.length) throw notFound(`Invoice line item ${missing.join(', ')}`)
  const notPremium = mine.filter(
    (l) => !l.policy_id || !(PREMIUM_LINES as readonly string[]).includes(l.type),
  )
  if (notPremium.length)
    throw conflict(
      `Line item ${notPremium.map((l) => l.id).join(', ')} is not a policy premium line with banked commission`,
    )
  return mine
}

/**
 * The agency's commissions of the lines' policies, locked in id order: a policy without one, or
 * one not banked, is a 409 naming them.
 */
export async function lockBankedCommissions(
  tx: DbOrTx,
  agencyId: number,
  lines: RequestedLine[],
): Promise<RequestedCommission[]> {
  const policyIds = [...new Set(lines.map((l) => l.policy_id!))]
  await assertNoRefundBeingPaid(tx, policyIds)
  const found = await tx
    .select({ c: commissions, ref: policies.ref })
    .from(commissions)
    .innerJoin(policies, eq(policies.id, commissions.policy_id))
    .where(and(inArray(commissions.policy_id, policyIds), eq(commissions.agency_id, agencyId)))
    .orderBy(commissions.id)
    .for('update', { of: commissions })
  const withoutCommission = policyIds.filter((p) => !found.some((f) => f.c.policy_id === p))
  if (withoutCommission.length) {
    const refs = lines.filter((l) => withoutCommission.includes(l.policy_id!)).map((l) => l.id)
    throw conflict(`Line item ${refs.join(', ')} has no commission to pay out`)
  }
  const unavailable = found.filter(
    (f) => !(BANKED_COMMISSION_STATUSES as readonly string[]).includes(f.c.status),
  )
  if (unavailable.length)
    throw conflict(
      `These commissions cannot be requested: ${unavailable
        .map((f) => `${f.ref} (${COMMISSION_STATUS_LABELS[f.c.status]})`)
        .join(', ')}`,
    )
  return found
}

/**
 * 409 when a policy's full refund is approved and waiting to be paid (by a payout batch): paying
 * it cancels the commission. Its open refund rows are read FOR SHARE before any commission is
 * locked (the order a refund's decision takes them), so an approval running beside this request
 * waits for it and then finds the commission requested (and refuses), or this one waits for the
 * approval and finds it approved.
 */
async function assertNoRefundBeingPaid(tx: DbOrTx, policyIds: number[]) {
  const open = await tx
    .select({ ref: policies.ref, status: fullRefunds.status })
    .from(fullRefunds)
    .innerJoin(policies, eq(policies.id, fullRefunds.policy_id))
    .where(
      and(
        inArray(fullRefunds.policy_id, policyIds),
        inArray(fullRefunds.status, ['REQUESTED', 'INITIATED', 'APPROVED']),
      ),
    )
    .for('share', { of: fullRefunds })
  const paying = open.filter((r) => r.status === 'APPROVED')
  if (paying.length)
    throw conflict(
      `These commissions cannot be requested: ${paying.map((r) => `${r.ref} (its full refund is approved and being paid)`).join(', ')}`,
    )
}

/** external_invoice_id is unique per agency among requests not rejected (409 naming the request). */
export async function assertExternalIdFree(tx: DbOrTx, agencyId: number, externalId: string) {
  const [taken] = await tx
    .select({ id: commissionPayouts.id })
    .from(commissionPayouts)
    .where(
      and(
        eq(commissionPayouts.agency_id, agencyId),
        eq(commissionPayouts.external_invoice_id, externalId),
        ne(commissionPayouts.status, 'REJECTED'),
      ),
    )
  const duplicate = `External invoice id ${externalId} is already used by payout request #`
  if (taken) throw conflict(`${duplicate}${taken.id}`)
}
