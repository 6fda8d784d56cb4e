// What people read instead of the money journal's stored codes (transfer codes, account codes and
// kinds, states). The tables cover every entry of TRANSFER_CODES and MONEY_ACCOUNT_KINDS (a test,
// tests/integration/money-reads.test.ts, fails when a new code has no words). They are keyed by
// string so that adding a code (or labelling one before it lands) never breaks the build; a code
// without words, or a row written by a newer release, renders through the readable fallback.
import type { TransferState } from '../../db/schema/journal'
import { actorDisplay, readable } from '../shared/labels'

/** Why money moved, in words: PREMIUM_PAID -> "Premium paid". */
export const TRANSFER_CODE_LABELS: Readonly<Record<string, string>> = {
  OPENING: 'Opening balance',
  TOPUP: 'Top-up',
  PREMIUM_PAID: 'Premium paid',
  REFUND: 'Premium refunded',
  AMENDMENT_PAID: 'Amendment paid',
  AMENDMENT_CREDIT: 'Amendment credit',
  CLAWBACK: 'Commission clawed back',
  CLAWBACK_RETURNED: 'Clawback returned',
  PAYOUT: 'Commission paid out',
  INVOICE_PAYMENT: 'Invoice paid',
  OVERPAYMENT: 'Invoice overpayment returned',
  BNPL_USED: 'Buy now, pay later credit used',
  BNPL_SETTLED: 'Buy now, pay later credit given back',
  BNPL_SETTLEMENT_PAID: 'Buy now, pay later settlement paid',
  BNPL_SETTLEMENT_RETURNED: 'Buy now, pay later settlement returned',
  ADJUSTMENT: 'Adjustment',
  COMMISSION_BANKED: 'Commission banked',
  GST: 'GST on commission',
  CHARGEBACK: 'Card payment disputed (chargeback)',
  INSURER_REMITTANCE: 'Premium remitted to the insurer',
  FX_DIFFERENCE: 'Exchange difference',
}

/** What an account is, in words, without its owner: `agency_balance` -> "Agency balance". */
export const ACCOUNT_KIND_LABELS: Readonly<Record<string, string>> = {
  agency_balance: 'Agency balance',
  agency_bnpl_used: 'Buy now, pay later credit used',
  agency_bnpl_settlement: 'Buy now, pay later settlement',
  agency_commission_payable: 'Commission payable',
  policy_premium_received: 'Premium received',
  policy_clawback: 'Commission clawback',
  invoice_payments: 'Invoice payments',
  clearing: 'Clearing (money in transit)',
  house: 'House accounts',
  suspense: 'Unattributed (suspense)',
}

/** The shared accounts named by their code (one account each, no owner). */
const SHARED_ACCOUNT_LABELS: Record<string, string> = {
  'clearing:bank': 'Bank payments',
  'clearing:card': 'Card payments',
  'clearing:nexpay': 'NexPay payments',
  'house:opening': 'Opening balances',
  'house:write_off': 'Written off',
  'house:gst': 'GST',
  'house:insurer': 'Insurer',
  'house:surcharge': 'Card surcharges',
  'house:fx': 'Exchange differences',
  suspense: 'Unattributed (suspense)',
}

export const TRANSFER_STATE_LABELS: Record<TransferState, string> = {
  PENDING: 'Awaiting approval',
  POSTED: 'Posted',
  VOIDED: 'Voided',
}

const OWNED = /^(agency|policy|invoice):\d+:([a-z_]+)$/

/** "Premium paid" for PREMIUM_PAID; a readable form of a code that has no words yet. */
export function transferCodeLabel(code: string): string {
  return TRANSFER_CODE_LABELS[code] ?? readable(code)
}

/** "Agency balance" for agency_balance; a readable form of a kind that has no words yet. */
export function accountKindLabel(kind: string): string {
  return ACCOUNT_KIND_LABELS[kind] ?? readable(kind)
}

/**
 * An account code in words, without its owner (the page says whose): `agency:12:balance` ->
 * "Agency balance", `policy:5:premium_received` -> "Premium received", `clearing:card` -> "Card
 * payments", `suspense` -> "Unattributed (suspense)". A code outside the chart reads as its parts.
 */
export function accountLabel(code: string): string {
  const shared = SHARED_ACCOUNT_LABELS[code]
  if (shared) return shared
  const owned = OWNED.exec(code)
  if (owned) {
    const kind = `${owned[1]}_${owned[2]}`
    return ACCOUNT_KIND_LABELS[kind] ?? readable(`${owned[1]} ${owned[2]}`)
  }
  const [head = '', ...rest] = code.split(':')
  return rest.length ? `${accountKindLabel(head)}: ${readable(rest.join(' '))}` : readable(code)
}

export function transferStateLabel(state: string): string {
  return TRANSFER_STATE_LABELS[state as TransferState] ?? readable(state)
}

/**
 * Who may decide a pending transfer, in words (DESIGN.md §14: a decider with `finance` who did not
 * make it; an agency is the maker of its own requests, so any finance staff member may decide).
 * `maker` is the transfer's stored actor label; `names` maps e-mails to people's names.
 */
export function pendingApproverText(maker: string, names?: ReadonlyMap<string, string>): string {
  // A card dispute's hold (card-dispute:<id>) is decided by the card gateway, not by staff.
  if (maker === 'webhook:stripe')
    return 'The card dispute decides it: posted if the card holder wins, released if we win.'
  const staff = /^Oshc:/.test(maker)
  const who = actorDisplay(maker, names)
  if (staff && who) return `A finance staff member other than ${who}, who made it, may approve it.`
  if (/^(Agency|agency_user):/.test(maker))
    return `Any finance staff member may approve it (the agency asked for it${who ? `: ${who}` : ''}).`
  return 'A finance staff member other than the one who made it may approve it.'
}
