// The card payments' purpose registry (ADR 0017): each purpose a card payment can have is
// registered here once, by the part of a settlement the area it pays into owns. The webhook, which
// knows only the checkout session, settles through it; a return page settles its own purpose.
import { invoiceCardPurpose } from '../finance/invoices/invoice-card'
import { topupCardPurpose } from '../finance/topups/card-topups'
import { premiumCardPurpose } from '../payments/settle-card-payment'
import { notFound } from '../shared/errors'
import type { CardPaymentRow } from './card-checkout'
import {
  purposeOf,
  settleCard,
  type CardPurpose,
  type CardPurposeName,
  type SettledBy,
} from './card-settlement'

/** A policy's premium (bought, or paid through its payment link), a top-up, an invoice (an amendment's too). */
export const cardPurposes: { [P in CardPurposeName]: CardPurpose<unknown> } = {
  premium: premiumCardPurpose,
  topup: topupCardPurpose,
  invoice: invoiceCardPurpose,
}

/** Settles a card payment by its purpose (purposeOf); a row that names none is a 404. */
export function settleByPurpose(
  card: Pick<CardPaymentRow, 'id' | 'topup_id' | 'policy_id' | 'invoice_id'>,
  by: SettledBy,
) {
  const purpose = purposeOf(card)
  if (!purpose) throw notFound('Card payment')
  return settleCard(cardPurposes[purpose], { cardPaymentId: card.id, ...by })
}
