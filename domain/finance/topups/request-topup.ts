import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { agencyTopups, invoicePayments } from '../../../db/schema'
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
import { SESSION_PLACEHOLDER } from '../../card-payments/card-gateway'
import { storeCardPayment } from '../../card-payments/card-checkout'
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
    const receiptUrl = input.receipt_url
    await assertReceiptUsable(receiptUrl, actor, agency.id)
    const amount = input.amount
    const { topup, invoice } = await getDb().transaction(async (tx) => {
      const created = await createTopupWithInvoice(tx, {
        agencyId: agency.id,
        amount,
        method: 'BANK',
        topupDate: input.topup_date ?? isoDate(clock.now()),
        receiptUrl,
        createdBy: actor.identityId,
      })
      await tx.insert(invoicePayments).values({
        agency_id: agency.id,
        invoice_id: created.invoice.id,
        method: 'BANK',
        payment_amount: amount,
        status: 'PENDING',
        meta: { topup_id: created.topup.id, receipt_url: receiptUrl },
      })
      await recordAgencyHistory(tx, {
        agencyId: agency.id,
        action: 'TOPUP_REQUESTED',
        actor: actorLabel(actor),
        note: `Top-up #${created.topup.id} of ${aud(amount)}`,
        meta: { topup_id: created.topup.id, invoice_id: created.invoice.id },
      })
      return created
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

/** A bank receipt must be a file the agency uploaded: a refusal is a 400 on receipt_url. */
async function assertReceiptUsable(receiptUrl: string, actor: Actor, agencyId: number) {
  try {
    await assertFileUsable(receiptUrl, actor, agencyId)
  } catch (err) {
    if (err instanceof DomainError && err.code === 'VALIDATION') throw validation('receipt_url', err.message)
    throw err
  }
}

/**
 * A REQUESTED top-up and its TOPUP invoice (one TOPUP line, payer AGENCY, receiver OSHC), in `tx`;
 * the top-up names its invoice.
 */
async function createTopupWithInvoice(
  tx: DbOrTx,
  t: {
    agencyId: number
    amount: number
    method: 'BANK' | 'CARD'
    topupDate: string
    receiptUrl: string | null
    stripeIntentId?: string
    createdBy: number | null
  },
) {
  const byCard = t.method === 'CARD' ? ' by card' : ''
  const [created] = await tx
    .insert(agencyTopups)
    .values({
      agency_id: t.agencyId,
      status: 'REQUESTED',
      topup_date: t.topupDate,
      receipt_url: t.receiptUrl,
      ...(t.stripeIntentId ? { stripe_intent_id: t.stripeIntentId } : {}),
      amount: t.amount,
      payment_method: t.method,
      created_by: t.createdBy,
    })
    .returning()
  const { invoice } = await createInvoice(tx, {
    agencyId: t.agencyId,
    type: 'TOPUP',
    from: PRODUCT_PARTY,
    to: AGENCY_PARTY,
    createdBy: t.createdBy,
    notes: `Agency balance top-up #${created.id}${byCard}`,
    items: [
      {
        line_item_type: 'TOPUP',
        line_item_type_id: created.id,
        description: `Agency balance top-up of ${aud(t.amount)}${byCard}`,
        total_amount: t.amount,
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
  return { topup, invoice }
}

/** A CARD top-up: checkout first (a gateway refusal stores nothing), then one transaction. */
async function requestCardTopup(actor: Actor, agency: AgencyRow, input: TopUpRequest) {
  const amount = input.amount
  const checkout = await openTopupCheckout({
    agencyName: agency.full_company_name ?? agency.email,
    amountCents: amount,
  })
  const createdBy = 'identityId' in actor ? actor.identityId : null
  const { topup, invoice, card } = await getDb().transaction(async (tx) => {
    const created = await createTopupWithInvoice(tx, {
      agencyId: agency.id,
      amount,
      method: 'CARD',
      topupDate: isoDate(clock.now()),
      receiptUrl: null,
      stripeIntentId: checkout.session.sessionId,
      createdBy,
    })
    const card = await storeCardPayment(tx, {
      ref: checkout.ref,
      gateway: checkout.gateway,
      gateway_session_id: checkout.session.sessionId,
      agency_id: agency.id,
      topup_id: created.topup.id,
      invoice_id: created.invoice.id,
      amount,
      currency: 'AUD',
      created_by: createdBy,
    })
    await recordAgencyHistory(tx, {
      agencyId: agency.id,
      action: 'TOPUP_REQUESTED',
      actor: actorLabel(actor),
      note: `Top-up #${created.topup.id} of ${aud(amount)} by card: checkout opened`,
      meta: { topup_id: created.topup.id, invoice_id: created.invoice.id, card_payment_id: card.id },
    })
    return { ...created, card }
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
