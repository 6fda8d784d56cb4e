import { fromCents } from '../shared/money'
import { STATUS_LABELS } from './policies.rules'
import type { PolicyRow } from './policy-loading'

const money = (cents: number | null) => (cents === null ? null : fromCents(cents))

/** A policy row for answers: amounts as decimals, the status label added. */
export function presentPolicy(p: PolicyRow) {
  return {
    ...p,
    status_label: STATUS_LABELS[p.status],
    premium: money(p.premium),
    premium_without_gst: money(p.premium_without_gst),
    premium_before_discount: money(p.premium_before_discount),
    full_refundable_premium: money(p.full_refundable_premium),
    clawback_amount: money(p.clawback_amount),
    surcharge_amount: money(p.surcharge_amount),
    original_amount_before_offer: money(p.original_amount_before_offer),
  }
}
