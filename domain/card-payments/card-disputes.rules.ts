// Card disputes (chargebacks): pure rules and words. What a gateway's dispute status means for the
// money held, and how the stored codes read.
import type { CardDisputeStatus } from '../../db/schema/finance'
import { labelOf } from '../shared/labels'
import { staffLinks } from '../shared/links'

/** The journal key of what a dispute holds, and of the card surcharge it holds beside it. */
/** What the gateway says about a dispute (the fields we read of Stripe's Dispute object). */
export type DisputeReport = {
  gateway: 'stripe'
  gatewayDisputeId: string
  /** The gateway's payment the dispute is about (Stripe's PaymentIntent id). */
  paymentId: string | null
  /** Minor units of `currency`. */
  amount: number
  currency: string
  reason: string | null
  gatewayStatus: string
  evidenceDueAt: Date | null
  openedAt: Date
}

export const cardDisputeKeys = {
  held: (disputeId: number) => `card-dispute:${disputeId}`,
  surcharge: (disputeId: number) => `card-dispute:${disputeId}:surcharge`,
}

/** The staff inbox task of a dispute (unowned: the hourly inbox job reminds and escalates it). */
export const cardDisputeTaskId = (disputeId: number) => `card-dispute-${disputeId}`

/** The staff page that lists disputes. */
export const CARD_DISPUTES_PATH = staffLinks.disputes

/**
 * How a closed dispute ended for us: Stripe's `won` gives the money back, `warning_closed` (an
 * inquiry that never became a chargeback) never took it, `lost` took it for good. Any other status
 * is not a close: null.
 */
export function outcomeOf(gatewayStatus: string): Exclude<CardDisputeStatus, 'OPEN'> | null {
  switch (gatewayStatus) {
    case 'won':
    case 'warning_closed':
      return 'WON'
    case 'lost':
      return 'LOST'
    default:
      return null
  }
}

/**
 * What can be held for a dispute of `amount` (minor units of `currency`) on a card payment that
 * paid `paid` cents of `cardCurrency`: at most what was paid. A dispute in another currency than
 * the payment (Stripe disputes in the charge's currency, so this should not happen) holds the
 * whole payment, and says so.
 */
export function disputedCents(d: { amount: number; currency: string }, paid: number, cardCurrency: string) {
  if (paid <= 0) return { cents: 0, whole: false }
  if (d.currency.toUpperCase() !== cardCurrency.toUpperCase()) return { cents: paid, whole: true }
  return { cents: Math.min(d.amount, paid), whole: false }
}

/**
 * A policy's card payment paid the premium and the card surcharge (which is not premium): the part
 * of `cents` disputed that is premium (taken first), and the rest from the surcharge.
 */
export function splitPremium(cents: number, surcharge: number, paid: number) {
  const premium = Math.min(cents, Math.max(0, paid - surcharge))
  return { premium, surcharge: Math.min(cents - premium, surcharge) }
}

export const CARD_DISPUTE_STATUS_LABELS: Record<CardDisputeStatus, string> = {
  OPEN: 'Open',
  WON: 'Won (money back)',
  LOST: 'Lost (money taken back)',
}

/** The statuses in the order a filter offers them (browser-safe: no schema import at runtime). */
export const CARD_DISPUTE_STATUS_OPTIONS = Object.keys(CARD_DISPUTE_STATUS_LABELS) as CardDisputeStatus[]

/** Stripe's dispute reasons, in words. */
export const CARD_DISPUTE_REASON_LABELS: Record<string, string> = {
  bank_cannot_process: 'Bank cannot process',
  check_returned: 'Cheque returned',
  credit_not_processed: 'Refund not processed',
  customer_initiated: 'Customer initiated',
  debit_not_authorized: 'Debit not authorised',
  duplicate: 'Duplicate charge',
  fraudulent: 'Fraudulent',
  general: 'General',
  incorrect_account_details: 'Incorrect account details',
  insufficient_funds: 'Insufficient funds',
  product_not_received: 'Product not received',
  product_unacceptable: 'Product unacceptable',
  subscription_canceled: 'Subscription cancelled',
  unrecognized: 'Unrecognised charge',
}

export const cardDisputeReasonLabel = (reason: string | null | undefined) =>
  labelOf(CARD_DISPUTE_REASON_LABELS, reason)
