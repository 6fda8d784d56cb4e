import type { paymentLinks } from '../../db/schema'
import { fromCents } from '../shared/money'

export type PaymentLinkRow = typeof paymentLinks.$inferSelect

/** The API shape of a payment link (amount as a decimal of AUD, the premium's currency). */
export function presentPaymentLink(link: PaymentLinkRow) {
  return {
    id: link.id,
    policy_id: link.policy_id,
    agency_id: link.agency_id,
    reference: link.reference,
    url: link.url,
    status: link.status,
    currency: link.currency,
    amount: fromCents(link.amount),
    amount_currency: 'AUD',
    expires_at: link.expires_at,
    paid_at: link.paid_at,
    reminded_at: link.reminded_at,
    created_at: link.created_at,
  }
}
