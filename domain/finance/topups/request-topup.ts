import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencyTopups, cardPayments, invoicePayments } from '../../../db/schema'
import { actorLabel, assertPermission, isAgencySide, type Actor } from '../../shared/actor'
import { DomainError, forbidden, validation } from '../../shared/errors'
import { clock, isoDate } from '../../shared/clock'
import { assertAgencyAccess } from '../../agencies/agency-access'
import { recordAgencyHistory } from '../../agencies/agency-history'
import { assertFileUsable } from '../../files/storage'
import { syncWorkflowTasks } from '../../tasks/workflow-tasks'
import { AGENCY_PARTY, createInvoice, PRODUCT_PARTY } from '../invoices/invoices'
import { BANK_DOCUMENT_REQUIRED, type TopUpRequest } from '../finance.schemas'
import { openTopupCheckout } from './card-topups'
import { fromCents } from '../../shared/money'
import { SESSION_PLACEHOLDER } from '../../payments/card-gateway'
import type { AgencyRow } from '../../agencies/agency-access'
import { presentTopup } from './topup-listing'
import { defineUseCase } from '../../shared/authorize'
import { formatCents } from '../../shared/format'
import { staffLinks } from '../../shared/links'

const DAY_MS = 24 * 60 * 60 * 1000
const aud = (cents: number) => formatCents(cents)

/**
 * doTopUpByAgency (agency side with purchase or finance, for its own agency; another agency's id
 * is 404): records a BANK top-up as REQUESTED whatever status the client sends, with its TOPUP
 * invoice (one TOPUP line, payer AGENCY, receiver OSHC) and a PENDING invoice payment carrying the
 * receipt, then opens the staff task `topup-<id>`. CARD: a gateway checkout is opened first, then
 * the top-up (REQUESTED, no staff task), its TOPUP invoice and its card payment are stored in one
 * transaction; the answer carries the checkout `url`. The top-up is APPROVED and the balance
 * credited only when the gateway confirms (settleCardTopup: webhook or return page).
 */
export const requestTopup = defineUseCase(
  { agency: ['finance', 'purchase'] },
  async function requestTopup(opts: { actor: Actor; input: TopUpRequest }) {
    const { actor, input } = opts
    if (!isAgencySide(actor)) throw forbidden('Top-ups are requested by the agency')
    assertPermission(actor, 'purchase', 'finance')
    const agency = await assertAgencyAccess(actor, input.agency_id)
    if (input.payment_method === 'CARD') return requestCardTopup(actor, agency, input)
    if (!input.receipt_url) throw validation('receipt_url', BANK_DOCUMENT_REQUIRED)
    try {
      await assertFileUsable(input.receipt_url, actor, agency.id)
    } catch (err) {
      if (err instanceof DomainError && err.code === 'VALIDATION')
        throw validation('receipt_url', err.message)
      throw err
    }
    const amount = input.amount
    const { topup, invoice } = await getDb().transaction(async (tx) => {
      const [created] = await tx
        .insert(agencyTopups)
        .values({
          agency_id: agency.id,
          status: 'REQUESTED',
          topup_date: input.topup_date ?? isoDate(clock.now()),
          receipt_url: input.receipt_url,
          amount,
          payment_method: 'BANK',
          created_by: actor.identityId,
        })
        .returning()
      const { invoice } = await createInvoice(tx, {
        agencyId: agency.id,
        type: 'TOPUP',
        from: PRODUCT_PARTY,
        to: AGENCY_PARTY,
        createdBy: actor.identityId,
        notes: `Agency balance top-up #${created.id}`,
        items: [
          {
            line_item_type: 'TOPUP',
            line_item_type_id: created.id,
            description: `Agency balance top-up of ${aud(amount)}`,
            total_amount: amount,
            payer: AGENCY_PARTY,
            receiver: PRODUCT_PARTY,
          },
        ],
      })
      await tx.insert(invoicePayments).values({
        agency_id: agency.id,
        invoice_id: invoice.id,
        method: 'BANK',
        payment_amount: amount,
        status: 'PENDING',
        meta: { topup_id: created.id, receipt_url: input.receipt_url },
      })
      const [topup] = await tx
        .update(agencyTopups)
        .set({ invoice_id: invoice.id })
        .where(eq(agencyTopups.id, created.id))
        .returning()
      await recordAgencyHistory(tx, {
        agencyId: agency.id,
        action: 'TOPUP_REQUESTED',
        actor: actorLabel(actor),
        note: `Top-up #${created.id} of ${aud(amount)}`,
        meta: { topup_id: created.id, invoice_id: invoice.id },
      })
      return { topup, invoice }
    })
    await syncWorkflowTasks(`topup-${topup.id}`, {
      kind: 'topup',
      audience: 'staff',
      subject: `Approve top-up of ${aud(amount)} for ${agency.full_company_name ?? agency.email}`,
      agencyId: agency.id,
      link: staffLinks.topups,
      dueAt: new Date(clock.now().getTime() + DAY_MS),
      amount,
    })
    return { invoiceId: invoice.id, topup: presentTopup(topup) }
  },
)

/** A CARD top-up: checkout first (a gateway refusal stores nothing), then one transaction. */
async function requestCardTopup(actor: Actor, agency: AgencyRow, input: TopUpRequest) {
  const amount = input.amount
  const checkout = await openTopupCheckout({
    agencyName: agency.full_company_name ?? agency.email,
    amountCents: amount,
  })
  const createdBy = 'identityId' in actor ? actor.identityId : null
  const { topup, invoice, card } = await getDb().transaction(async (tx) => {
    const [created] = await tx
      .insert(agencyTopups)
      .values({
        agency_id: agency.id,
        status: 'REQUESTED',
        topup_date: isoDate(clock.now()),
        receipt_url: null,
        stripe_intent_id: checkout.session.sessionId,
        amount,
        payment_method: 'CARD',
        created_by: createdBy,
      })
      .returning()
    const { invoice } = await createInvoice(tx, {
      agencyId: agency.id,
      type: 'TOPUP',
      from: PRODUCT_PARTY,
      to: AGENCY_PARTY,
      createdBy,
      notes: `Agency balance top-up #${created.id} by card`,
      items: [
        {
          line_item_type: 'TOPUP',
          line_item_type_id: created.id,
          description: `Agency balance top-up of ${aud(amount)} by card`,
          total_amount: amount,
          payer: AGENCY_PARTY,
          receiver: PRODUCT_PARTY,
        },
      ],
    })
    const [topup] = await tx
      .update(agencyTopups)
      .set({ invoice_id: invoice.id })
      .where(eq(agencyTopups.id, created.id))
      .returning()
    const [card] = await tx
      .insert(cardPayments)
      .values({
        ref: checkout.ref,
        gateway: checkout.gateway,
        gateway_session_id: checkout.session.sessionId,
        agency_id: agency.id,
        topup_id: created.id,
        invoice_id: invoice.id,
        amount,
        currency: 'AUD',
        status: 'PENDING',
        created_by: createdBy,
      })
      .returning()
    await recordAgencyHistory(tx, {
      agencyId: agency.id,
      action: 'TOPUP_REQUESTED',
      actor: actorLabel(actor),
      note: `Top-up #${created.id} of ${aud(amount)} by card: checkout opened`,
      meta: { topup_id: created.id, invoice_id: invoice.id, card_payment_id: card.id },
    })
    return { topup, invoice, card }
  })
  return {
    invoiceId: invoice.id,
    topup: presentTopup(topup),
    checkout: {
      url: checkout.session.url,
      checkout_session_id: checkout.session.sessionId,
      card_payment_id: card.id,
      gateway: checkout.gateway,
      amount: fromCents(amount),
      currency: 'AUD',
      success_url: checkout.successUrl.replace(SESSION_PLACEHOLDER, checkout.session.sessionId),
      cancel_url: checkout.cancelUrl,
    },
  }
}
