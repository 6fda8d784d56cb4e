/**
 * Pure rules of buy-now-pay-later settlement: which premium payments are still owed, when each
 * must be settled, and which reminder is due. Instants are Dates; amounts are cents.
 */
import type { PREMIUM_PAYMENT_STATUSES } from '../../../db/schema/enums'

type PremiumPaymentStatus = (typeof PREMIUM_PAYMENT_STATUSES)[number]

const DAY_MS = 86_400_000

/** A BNPL premium payment in these statuses is still owed (settled = PAID by an approved request). */
export const UNSETTLED_BNPL_STATUSES = [
  'PENDING_CREDIT_PAYMENT',
  'PENDING_CREDIT_PAYMENT_REQUESTED',
  'PENDING_CREDIT_PAYMENT_REJECTED',
] as const satisfies readonly PremiumPaymentStatus[]

/** The statuses a policy may be put into a settlement request from (a rejected one may be sent again). */
export const REQUESTABLE_BNPL_STATUSES = [
  'PENDING_CREDIT_PAYMENT',
  'PENDING_CREDIT_PAYMENT_REJECTED',
] as const satisfies readonly PremiumPaymentStatus[]

/** How a settlement is paid: a bank transfer with its proof, or from the agency balance. */
export const BNPL_SETTLEMENT_METHODS = ['BANK', 'AGENCY_BALANCE'] as const
export type BnplSettlementMethod = (typeof BNPL_SETTLEMENT_METHODS)[number]

/** The instant a BNPL purchase made at `purchasedAt` must be settled by. */
export function settlementDeadline(purchasedAt: Date, settlementDays: number): Date {
  return new Date(purchasedAt.getTime() + settlementDays * DAY_MS)
}

/** Days left before the deadline, rounded up (1 during the last day; 0 or less once past). */
export function daysLeft(deadline: Date, now: Date): number {
  return Math.ceil((deadline.getTime() - now.getTime()) / DAY_MS)
}

export const isOverdue = (deadline: Date, now: Date) => now.getTime() >= deadline.getTime()

/** The reminders of spec: 7 days and 1 day before the deadline. */
export const BNPL_REMINDERS = [
  { key: '7d', days: 7 },
  { key: '1d', days: 1 },
] as const
export type BnplReminderKey = (typeof BNPL_REMINDERS)[number]['key']

/**
 * The reminder due for a purchase at `now`, if any: 7d from 7 days before the deadline until the
 * last day, then 1d during the last day; none once the deadline has passed. A run that missed the
 * 7-day window sends only the later reminder (the idempotency key makes each go out once).
 */
export function reminderDue(deadline: Date, now: Date): BnplReminderKey | null {
  const left = deadline.getTime() - now.getTime()
  if (left <= 0) return null
  if (left <= 1 * DAY_MS) return '1d'
  if (left <= 7 * DAY_MS) return '7d'
  return null
}
