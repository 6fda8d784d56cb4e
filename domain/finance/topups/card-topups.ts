// Top-ups paid by card: the gateway checkout a CARD top-up opens, and its settlement on the
// gateway's confirmation (webhook or return page), exactly once however often it is confirmed.
import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencyTopups, cardPayments } from '../../../db/schema'
import { config } from '../../shared/config'
import { randomToken } from '../../shared/crypto'
import { conflict, notFound } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { recordAgencyHistory } from '../../agencies/agency-history'
import { cardGateway, SESSION_PLACEHOLDER } from '../../payments/card-gateway'
import { financeMails } from '../../mail/finance-mails'
import { notify } from '../../notifications/notify'
import { mailAgency } from '../agency-mail'
import { recordInvoicePayment } from '../invoices/invoice-payments'
import { postBalanceEntry } from '../ledger/ledger'
import { assertCheckoutPaid } from '../../payments/checkout-paid'
import { agencyLinks } from '../../shared/links'

export type CardPaymentRow = typeof cardPayments.$inferSelect

/** Where the gateway sends the agency back: the top-up page, which confirms and shows the result. */
export const TOPUP_RETURN_PATH = agencyLinks.topups

const absolute = (path: string) => new URL(path, config().APP_URL).toString()

/**
 * Opens a hosted card checkout for a top-up of `amountCents` (AUD) with the configured gateway
 * (sandbox, or Stripe when configured). Nothing is stored yet: the caller records the top-up and
 * its card payment with the session in one transaction.
 */
export async function openTopupCheckout(p: { agencyName: string; amountCents: number }) {
  const gateway = cardGateway()
  const ref = `CT-${randomToken(12)}`
  const successUrl = absolute(`${TOPUP_RETURN_PATH}?checkout=success&session_id=${SESSION_PLACEHOLDER}`)
  const cancelUrl = absolute(`${TOPUP_RETURN_PATH}?checkout=cancel`)
  const session = await gateway.createCheckout({
    reference: ref,
    amountCents: p.amountCents,
    currency: 'AUD',
    description: `Agency balance top-up of ${formatCents(p.amountCents)} for ${p.agencyName}`,
    successUrl,
    cancelUrl,
  })
  return { ref, gateway: gateway.name, session, successUrl, cancelUrl }
}

/**
 * Settles a top-up's card payment once its gateway says it is paid: in one transaction, with the
 * card payment row locked (so the webhook and the return page settle it once between them), the
 * top-up becomes APPROVED, the balance is credited (ledger AGENCY_TOPUP), its TOPUP invoice gets
 * a COMPLETED CARD payment, the card payment is PAID and the agency is notified; mailed after
 * commit. A card payment already PAID is answered as it is. 409 while the checkout is unpaid,
 * cancelled or short. Callers check who asks (the agency, or a signed webhook).
 */
export async function settleCardTopup(p: {
  cardPaymentId: number
  by: string
}): Promise<{ card: CardPaymentRow; alreadySettled: boolean }> {
  const [row] = await getDb().select().from(cardPayments).where(eq(cardPayments.id, p.cardPaymentId))
  if (!row || !row.topup_id) throw notFound('Card payment')
  if (row.status === 'PAID') return { card: row, alreadySettled: true }
  const state = await assertCheckoutPaid(row)
  const topupId = row.topup_id
  const result = await getDb().transaction(async (tx) => {
    const [locked] = await tx.select().from(cardPayments).where(eq(cardPayments.id, row.id)).for('update')
    if (locked.status === 'PAID') return { card: locked, alreadySettled: true, balance: 0 }
    const [topup] = await tx.select().from(agencyTopups).where(eq(agencyTopups.id, topupId)).for('update')
    if (!topup) throw notFound('Top-up')
    if (topup.status !== 'REQUESTED')
      throw conflict(`This top-up is ${topup.status}; its card payment cannot be settled`)
    await tx
      .update(agencyTopups)
      .set({ status: 'APPROVED', receipt_id: locked.ref })
      .where(eq(agencyTopups.id, topup.id))
    const entry = await postBalanceEntry(tx, {
      agencyId: topup.agency_id,
      type: 'AGENCY_TOPUP',
      amount: topup.amount,
      actor: p.by,
      topupId: topup.id,
      invoiceId: topup.invoice_id,
      note: `Top-up #${topup.id} paid by card (${locked.ref})`,
    })
    if (topup.invoice_id) {
      await recordInvoicePayment(tx, {
        invoiceId: topup.invoice_id,
        method: 'CARD',
        amount: topup.amount,
        status: 'COMPLETED',
        actor: p.by,
        ref: locked.ref,
        cardPaymentId: locked.id,
        meta: { topup_id: topup.id, gateway: locked.gateway },
      })
    }
    const [card] = await tx
      .update(cardPayments)
      .set({
        status: 'PAID',
        amount_paid: state.amountPaidCents,
        gateway_payment_id: state.paymentId ?? null,
      })
      .where(eq(cardPayments.id, locked.id))
      .returning()
    await recordAgencyHistory(tx, {
      agencyId: topup.agency_id,
      action: 'TOPUP_APPROVED',
      actor: p.by,
      note: `Top-up #${topup.id} of ${formatCents(topup.amount)} paid by card and credited`,
      meta: { topup_id: topup.id, ledger_id: entry.id, balance: entry.balance, card_payment_id: locked.id },
    })
    await notify(
      tx,
      {
        eventType: 'TOPUP_APPROVED',
        title: 'Card top-up credited',
        message: `Your card top-up of ${formatCents(topup.amount)} was credited to your balance`,
        link: TOPUP_RETURN_PATH,
        meta: { topup_id: topup.id },
      },
      { agencyId: topup.agency_id },
    )
    return { card, alreadySettled: false, balance: entry.balance }
  })
  if (!result.alreadySettled)
    await mailAgency(row.agency_id, financeMails.topupApproved(row.amount, result.balance))
  return { card: result.card, alreadySettled: result.alreadySettled }
}
