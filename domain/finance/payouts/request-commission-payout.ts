import { and, eq, inArray, ne } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import {
  agencyBankDetails,
  commissionPayoutItems,
  commissionPayouts,
  commissions,
  invoiceLineItems,
  policies,
} from '../../../db/schema'
import { actorLabel, isAgencySide, type Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { conflict, conflictOnDuplicate, notFound } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { COMMISSION_STATUS_LABELS } from '../../shared/labels'
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

const PREMIUM_LINES = ['PREMIUM', 'OFFER_PREMIUM'] as const

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
      const policyIds = [...new Set(mine.map((l) => l.policy_id!))]
      const found = await tx
        .select({ c: commissions, ref: policies.ref })
        .from(commissions)
        .innerJoin(policies, eq(policies.id, commissions.policy_id))
        .where(and(inArray(commissions.policy_id, policyIds), eq(commissions.agency_id, agencyId)))
        .orderBy(commissions.id)
        .for('update', { of: commissions })
      const withoutCommission = policyIds.filter((p) => !found.some((f) => f.c.policy_id === p))
      if (withoutCommission.length) {
        const refs = mine.filter((l) => withoutCommission.includes(l.policy_id!)).map((l) => l.id)
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
      const [bank] = await tx
        .select({ gst: agencyBankDetails.is_gst_registered })
        .from(agencyBankDetails)
        .where(eq(agencyBankDetails.agency_id, agencyId))
      const gstRate = bank?.gst ? (await currentGst(tx)).gst_rate : '0'
      const commissionCents = found.reduce((s, f) => s + f.c.amount, 0)
      const gstCents = bank?.gst ? payoutGst(commissionCents, gstRate) : 0
      const externalId =
        opts.externalInvoiceId ?? `COMM-${agencyId}-${clock.now().getTime().toString(36).toUpperCase()}`
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
      const [created] = await tx
        .insert(commissionPayouts)
        .values({
          agency_id: agencyId,
          status: 'REQUESTED',
          external_invoice_id: externalId,
          commission_amount: commissionCents,
          gst_rate: gstRate,
          gst_amount: gstCents,
          total_amount: commissionCents + gstCents,
          created_by: identityId,
        })
        .returning()
        .catch(
          conflictOnDuplicate(`External invoice id ${externalId} is already used by another payout request`),
        )
      const commissionIds = found.map((f) => f.c.id)
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
      const shares = spreadGst(
        found.map((f) => f.c.amount),
        gstCents,
      )
      const { invoice, items } = await createInvoice(tx, {
        agencyId,
        type: 'COMMISSION',
        from: AGENCY_PARTY,
        to: PRODUCT_PARTY,
        createdBy: identityId,
        externalInvoiceId: externalId,
        notes: `Commission payout request #${created.id}`,
        items: found.map((f, i) => ({
          line_item_type: 'COMMISSION' as const,
          line_item_type_id: f.c.id,
          policy_id: f.c.policy_id,
          description: `Commission for policy ${f.ref}`,
          total_amount: f.c.amount + shares[i],
          tax_amount: shares[i],
          tax_rate: gstRate,
          payer: PRODUCT_PARTY,
          receiver: AGENCY_PARTY,
          meta: { payout_id: created.id },
        })),
      })
      const lineOf = (policyId: number) => mine.find((l) => l.policy_id === policyId)!.id
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
      await recordPayoutHistory(tx, {
        payoutId: payout.id,
        agencyId,
        action: 'REQUESTED',
        by,
        byIdentityId: identityId,
        toStatus: 'REQUESTED',
        note: `${found.length} commission line${found.length === 1 ? '' : 's'}, ${formatCents(payout.total_amount)}${
          gstCents ? ` including ${formatCents(gstCents)} GST` : ''
        }`,
        meta: {
          invoice_id: invoice.id,
          commission_ids: commissionIds,
          invoice_line_ids: items.map((i) => i.id),
        },
      })
      await notify(
        tx,
        {
          eventType: 'COMMISSION_PAYOUT_REQUESTED',
          title: `Commission payout #${payout.id} requested`,
          message: `${found.length} commission line${found.length === 1 ? '' : 's'}, ${formatCents(payout.total_amount)}, waiting for approval.`,
          link: staffLinks.payout(payout.id),
          meta: { payout_id: payout.id, agency_id: agencyId },
        },
        { staffPermission: 'finance' },
      )
      return payout
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
