// Top-ups paid by card: the gateway checkout a CARD top-up opens, and its settlement on the
// gateway's confirmation (webhook or return page), exactly once however often it is confirmed.
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { agencyTopups } from '../../../db/schema'
import { actorLabel } from '../../shared/actor'
import { conflict, notFound } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { recordAgencyHistory } from '../../agencies/agency-history'
import {
  checkoutReturnUrls,
  openGatewayCheckout,
  type CardPaymentRow,
} from '../../card-payments/card-checkout'
import { settleCard, type CardPurpose } from '../../card-payments/card-settlement'
import { financeMails } from '../../mail/finance-mails'
import { notify } from '../../notifications/notify'
import { mailAgency } from '../agency-mail'
import { recordInvoicePayment } from '../invoices/invoice-payments'
import { postBalanceEntry } from '../ledger/ledger'
import { agencyLinks } from '../../shared/links'

/** Where the gateway sends the agency back: the top-up page, which confirms and shows the result. */
export const TOPUP_RETURN_PATH = agencyLinks.topups

/**
 * Opens a hosted card checkout for a top-up of `amountCents` (AUD) with the configured gateway
 * (sandbox, or Stripe when configured). Nothing is stored yet: the caller records the top-up and
 * its card payment with the session in one transaction.
 */
export async function openTopupCheckout(p: { agencyName: string; amountCents: number }) {
  const urls = checkoutReturnUrls(TOPUP_RETURN_PATH)
  const opened = await openGatewayCheckout('CT', {
    amountCents: p.amountCents,
    currency: 'AUD',
    description: `Agency balance top-up of ${formatCents(p.amountCents)} for ${p.agencyName}`,
    ...urls,
  })
  return { ...opened, ...urls }
}

/**
 * The top-up's part of a card settlement (domain/card-payments/card-settlement.ts), in its
 * transaction: the top-up becomes APPROVED, the balance is credited (ledger AGENCY_TOPUP), its
 * TOPUP invoice gets a COMPLETED CARD payment, and the agency is notified; mailed after commit.
 * 409 when the top-up is no longer REQUESTED. Answers the balance after the credit.
 */
export const topupCardPurpose: CardPurpose<number> = {
  name: 'topup',
  async settle(tx, card, _paid, { actor }) {
    const by = typeof actor === 'string' ? actor : actorLabel(actor)
    const topup = await approveCardTopup(tx, card)
    const entry = await postBalanceEntry(tx, {
      agencyId: topup.agency_id,
      type: 'AGENCY_TOPUP',
      amount: topup.amount,
      actor: by,
      topupId: topup.id,
      invoiceId: topup.invoice_id,
      note: `Top-up #${topup.id} paid by card (${card.ref})`,
    })
    if (topup.invoice_id) {
      await recordInvoicePayment(tx, {
        invoiceId: topup.invoice_id,
        method: 'CARD',
        amount: topup.amount,
        status: 'COMPLETED',
        actor: by,
        ref: card.ref,
        cardPaymentId: card.id,
        meta: { topup_id: topup.id, gateway: card.gateway },
      })
    }
    await recordAgencyHistory(tx, {
      agencyId: topup.agency_id,
      action: 'TOPUP_APPROVED',
      actor: by,
      note: `Top-up #${topup.id} of ${formatCents(topup.amount)} paid by card and credited`,
      meta: { topup_id: topup.id, ledger_id: entry.id, balance: entry.balance, card_payment_id: card.id },
    })
    await notifyCardTopup(tx, topup)
    return entry.balance
  },
  async afterCommit(card, balance) {
    await mailAgency(card.agency_id, financeMails.topupApproved(card.amount, balance))
  },
}

/** The card payment's top-up, locked, turns APPROVED with the card reference; 409 unless REQUESTED. */
async function approveCardTopup(tx: DbOrTx, card: CardPaymentRow) {
  const [topup] = await tx
    .select()
    .from(agencyTopups)
    .where(eq(agencyTopups.id, card.topup_id!))
    .for('update')
  if (!topup) throw notFound('Top-up')
  if (topup.status !== 'REQUESTED')
    throw conflict(`This top-up is ${topup.status}; its card payment cannot be settled`)
  await tx
    .update(agencyTopups)
    .set({ status: 'APPROVED', receipt_id: card.ref })
    .where(eq(agencyTopups.id, topup.id))
  return topup
}

function notifyCardTopup(tx: DbOrTx, topup: { id: number; agency_id: number; amount: number }) {
  return notify(
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
}

/**
 * Settles a top-up's card payment once its gateway says it is paid (the top-up purpose above),
 * exactly once between the webhook and the return page. A card payment already PAID is answered
 * as it is. 409 while the checkout is unpaid, cancelled or short. Callers check who asks (the
 * agency, or a signed webhook).
 */
export function settleCardTopup(p: { cardPaymentId: number; by: string }) {
  return settleCard(topupCardPurpose, { cardPaymentId: p.cardPaymentId, actor: p.by, createdBy: null })
}
