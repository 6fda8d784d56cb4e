import { and, eq, inArray } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import {
  agencyBankDetails,
  commissionPayoutItems,
  commissionPayouts,
  commissions,
  invoiceLineItems,
} from '../../../db/schema'
import { actorLabel, isAgencySide, type Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { conflict, conflictOnDuplicate, notFound } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { logError } from '../../shared/log'
import { notify } from '../../notifications/notify'
import { payoutProcess } from './payout-process'
import { assertAgencyAccess } from '../../agencies/agency-access'
import { currentGst } from '../../quotes/price-policy'
import { AGENCY_PARTY, createInvoice, PRODUCT_PARTY } from '../invoices/invoices'
import { presentPayout } from './payout-listing'
import { recordPayoutHistory } from './payout-history'
import { payoutGst, spreadGst } from './payouts.rules'
import { BANKED_COMMISSION_STATUSES } from '../finance.rules'
import { staffLinks } from '../../shared/links'
import {
  assertExternalIdFree,
  lockBankedCommissions,
  premiumLinesOf,
  type RequestedCommission,
  type RequestedLine,
} from './payout-request-checks'

type PayoutRow = typeof commissionPayouts.$inferSelect

/** What a request asks: commission, GST (only when the agency is GST registered), its invoice id. */
type PayoutTerms = { gstRate: string; commissionCents: number; gstCents: number; externalId: string }

/** The agency named by the request: the caller's own, or (staff) the one given, else the lines'. */
async function agencyOf(actor: Actor, agencyId: number | undefined, lineItemIds: number[]) {
  if (agencyId !== undefined) return (await assertAgencyAccess(actor, agencyId)).id
  if (isAgencySide(actor)) return actor.agencyId
  const [line] = await getDb()
    .select({ agency_id: invoiceLineItems.agency_id })
    .from(invoiceLineItems)
    .where(inArray(invoiceLineItems.id, lineItemIds))
    .limit(1)
  if (!line) throw notFound('Invoice line item')
  return line.agency_id
}

/** The request's amounts: GST = round(commission x rate) when the agency is GST registered. */
async function payoutTerms(
  tx: DbOrTx,
  agencyId: number,
  found: RequestedCommission[],
  externalInvoiceId: string | undefined,
): Promise<PayoutTerms> {
  const [bank] = await tx
    .select({ gst: agencyBankDetails.is_gst_registered })
    .from(agencyBankDetails)
    .where(eq(agencyBankDetails.agency_id, agencyId))
  const gstRate = bank?.gst ? (await currentGst(tx)).gst_rate : '0'
  const commissionCents = found.reduce((s, f) => s + f.c.amount, 0)
  const gstCents = bank?.gst ? payoutGst(commissionCents, gstRate) : 0
  const externalId =
    externalInvoiceId ?? `COMM-${agencyId}-${clock.now().getTime().toString(36).toUpperCase()}`
  return { gstRate, commissionCents, gstCents, externalId }
}

/** The REQUESTED payout row (a concurrent request with the same external id is a 409). */
async function openPayout(tx: DbOrTx, agencyId: number, terms: PayoutTerms, identityId: number | null) {
  const [created] = await tx
    .insert(commissionPayouts)
    .values({
      agency_id: agencyId,
      status: 'REQUESTED',
      external_invoice_id: terms.externalId,
      commission_amount: terms.commissionCents,
      gst_rate: terms.gstRate,
      gst_amount: terms.gstCents,
      total_amount: terms.commissionCents + terms.gstCents,
      created_by: identityId,
    })
    .returning()
    .catch(
      conflictOnDuplicate(
        `External invoice id ${terms.externalId} is already used by another payout request`,
      ),
    )
  return created
}

/** COMMISSION_BANKED -> PAYOUT_REQUESTED by a conditional update: a line taken meanwhile is a 409. */
async function reserveCommissions(tx: DbOrTx, commissionIds: number[]) {
  const moved = await tx
    .update(commissions)
    .set({ status: 'PAYOUT_REQUESTED', updated_at: clock.now() })
    .where(
      and(
        inArray(commissions.id, commissionIds),
        inArray(commissions.status, [...BANKED_COMMISSION_STATUSES]),
      ),
    )
    .returning({ id: commissions.id })
  if (moved.length !== commissionIds.length)
    throw conflict('Some of these commissions were requested at the same time; reload and try again')
}

/**
 * The COMMISSION invoice from the agency to the insurer (one COMMISSION line per commission, its
 * share of the GST as its tax), the payout's items (one per commission, with the line it names)
 * and the payout linked to its invoice.
 */
async function invoicePayout(
  tx: DbOrTx,
  r: {
    created: PayoutRow
    found: RequestedCommission[]
    lines: RequestedLine[]
    terms: PayoutTerms
    identityId: number | null
  },
) {
  const { created, found, terms } = r
  const shares = spreadGst(
    found.map((f) => f.c.amount),
    terms.gstCents,
  )
  const { invoice, items } = await createInvoice(tx, {
    agencyId: created.agency_id,
    type: 'COMMISSION',
    from: AGENCY_PARTY,
    to: PRODUCT_PARTY,
    createdBy: r.identityId,
    externalInvoiceId: terms.externalId,
    notes: `Commission payout request #${created.id}`,
    items: found.map((f, i) => ({
      line_item_type: 'COMMISSION' as const,
      line_item_type_id: f.c.id,
      policy_id: f.c.policy_id,
      description: `Commission for policy ${f.ref}`,
      total_amount: f.c.amount + shares[i],
      tax_amount: shares[i],
      tax_rate: terms.gstRate,
      payer: PRODUCT_PARTY,
      receiver: AGENCY_PARTY,
      meta: { payout_id: created.id },
    })),
  })
  const lineOf = (policyId: number) => r.lines.find((l) => l.policy_id === policyId)!.id
  await tx.insert(commissionPayoutItems).values(
    found.map((f) => ({
      payout_id: created.id,
      commission_id: f.c.id,
      policy_id: f.c.policy_id,
      invoice_line_item_id: lineOf(f.c.policy_id),
      amount: f.c.amount,
    })),
  )
  const [payout] = await tx
    .update(commissionPayouts)
    .set({ invoice_id: invoice.id })
    .where(eq(commissionPayouts.id, created.id))
    .returning()
  return { payout, invoice, items }
}

/** The request's first history row and the finance staff told. */
async function announceRequest(
  tx: DbOrTx,
  r: {
    payout: PayoutRow
    invoice: { id: number }
    items: { id: number }[]
    found: RequestedCommission[]
    gstCents: number
    by: string
    identityId: number | null
  },
) {
  const { payout, found } = r
  const count = `${found.length} commission line${found.length === 1 ? '' : 's'}`
  await recordPayoutHistory(tx, {
    payoutId: payout.id,
    agencyId: payout.agency_id,
    action: 'REQUESTED',
    by: r.by,
    byIdentityId: r.identityId,
    toStatus: 'REQUESTED',
    note: `${count}, ${formatCents(payout.total_amount)}${r.gstCents ? ` including ${formatCents(r.gstCents)} GST` : ''}`,
    meta: {
      invoice_id: r.invoice.id,
      commission_ids: found.map((f) => f.c.id),
      invoice_line_ids: r.items.map((i) => i.id),
    },
  })
  await notify(
    tx,
    {
      eventType: 'COMMISSION_PAYOUT_REQUESTED',
      title: `Commission payout #${payout.id} requested`,
      message: `${count}, ${formatCents(payout.total_amount)}, waiting for approval.`,
      link: staffLinks.payout(payout.id),
      meta: { payout_id: payout.id, agency_id: payout.agency_id },
    },
    { staffPermission: 'finance' },
  )
}

/**
 * sendCommmisionPayoutRequest (and createInvoicePaymentRequestForBankedCommission): the agency asks
 * for the commission of the banked lines it names (the PREMIUM / OFFER_PREMIUM line items
 * getCommissionBankedPolicies lists). In one transaction: a REQUESTED payout with its items, GST
 * (round(commission x rate), only when the agency is GST registered), the commissions moved
 * COMMISSION_BANKED -> PAYOUT_REQUESTED by a conditional update (two concurrent requests cannot
 * both take a line), a COMMISSION invoice from the agency to the insurer (one COMMISSION line per
 * commission, GST as its tax) and the first history row. After commit the `payout-<id>` workflow
 * starts. Lines of another agency (or unknown): 404. Commissions not banked: 409 naming them.
 * external_invoice_id is unique per agency among requests not rejected (409). Staff (finance) may request for an agency.
 */
export const requestCommissionPayout = defineUseCase(
  { staff: ['finance'], agency: ['finance'] },
  async function requestCommissionPayout(opts: {
    actor: Actor
    agencyId?: number
    externalInvoiceId?: string
    lineItemIds: number[]
  }) {
    const { actor } = opts
    const ids = [...new Set(opts.lineItemIds)]
    const agencyId = await agencyOf(actor, opts.agencyId, ids)
    const by = actorLabel(actor)
    const identityId = 'identityId' in actor ? actor.identityId : null
    const payout = await getDb().transaction(async (tx) => {
      const lines = await premiumLinesOf(tx, agencyId, ids)
      const found = await lockBankedCommissions(tx, agencyId, lines)
      const terms = await payoutTerms(tx, agencyId, found, opts.externalInvoiceId)
      await assertExternalIdFree(tx, agencyId, terms.externalId)
      const created = await openPayout(tx, agencyId, terms, identityId)
      await reserveCommissions(
        tx,
        found.map((f) => f.c.id),
      )
      const invoiced = await invoicePayout(tx, { created, found, lines, terms, identityId })
      await announceRequest(tx, { ...invoiced, found, gstCents: terms.gstCents, by, identityId })
      return invoiced.payout
    })
    try {
      await payoutProcess().start(payout.id)
    } catch (err) {
      // The request stands; the first decision starts the workflow if it is still missing.
      logError('payout-workflow-start', err, { payoutId: payout.id })
    }
    return presentPayout(payout)
  },
)
