// The chart of accounts of the money journal (ADR 0013): how an account is named, what kind it
// is, which floor it keeps, and which counter account each agency ledger entry type moves money
// against. Account codes are persisted: add new ones, never rename.
import { MONEY_ACCOUNT_KINDS, type MoneyAccountKind, type TransferCode } from '../../db/schema/journal'
import type { BALANCE_TRANSACTION_TYPES } from '../../db/schema/enums'

export type BalanceEntryType = (typeof BALANCE_TRANSACTION_TYPES)[number]

export const INSUFFICIENT_BALANCE = 'Insufficient agency balance'
export const INSUFFICIENT_BNPL = 'Insufficient buy now pay later allowance'

export const account = {
  agencyBalance: (agencyId: number) => `agency:${agencyId}:balance`,
  agencyBnplUsed: (agencyId: number) => `agency:${agencyId}:bnpl_used`,
  agencyBnplSettlement: (agencyId: number) => `agency:${agencyId}:bnpl_settlement`,
  agencyCommissionPayable: (agencyId: number) => `agency:${agencyId}:commission_payable`,
  policyPremiumReceived: (policyId: number) => `policy:${policyId}:premium_received`,
  policyClawback: (policyId: number) => `policy:${policyId}:clawback`,
  invoicePayments: (invoiceId: number) => `invoice:${invoiceId}:payments`,
  clearing: (channel: 'bank' | 'card' | 'nexpay') => `clearing:${channel}`,
  house: (name: 'opening' | 'write_off' | 'gst' | 'insurer' | 'surcharge' | 'fx') => `house:${name}`,
  suspense: 'suspense',
} as const

/** Which side may not exceed the other (TigerBeetle's account flags). */
export type Floor = 'debits_must_not_exceed_credits' | 'credits_must_not_exceed_debits' | null

/**
 * The floors the journal keeps. The agency balance is money the house owes the agency (credits
 * raise it) and never goes below zero, exactly the guard of postBalanceEntry. BNPL credit used is
 * owed by the agency (debits raise it): a give-back never exceeds what was used (its limit, the
 * allowance, is set by the agency configuration outside the journal, so postBnplEntry's guard on
 * agency_balances stays the limit). The BNPL settlement account passes on only what the agency
 * paid into it (from the balance, or a bank transfer on approval). A policy's premium received
 * (credited by every purchase method) never returns more than came in; an agency's commission
 * payable (credited when commission banks) never pays out more than was banked. Migrations 0029
 * and 0032 set the flags on existing accounts where the figures keep them.
 */
export const FLOORS: Record<MoneyAccountKind, Floor> = {
  agency_balance: 'debits_must_not_exceed_credits',
  agency_bnpl_used: 'credits_must_not_exceed_debits',
  agency_bnpl_settlement: 'debits_must_not_exceed_credits',
  agency_commission_payable: 'debits_must_not_exceed_credits',
  policy_premium_received: 'debits_must_not_exceed_credits',
  policy_clawback: null,
  invoice_payments: null,
  clearing: null,
  house: null,
  suspense: null,
}

/** The 409 message when a posting would take an account of this kind past its floor. */
export const FLOOR_MESSAGES: Partial<Record<MoneyAccountKind, string>> = {
  agency_balance: INSUFFICIENT_BALANCE,
  agency_bnpl_used: 'This gives back more buy now pay later credit than was used',
  agency_bnpl_settlement: 'This settles more buy now pay later credit than was paid for it',
  policy_premium_received:
    'A refund or credit can only return what was received for the policy and not yet returned',
  agency_commission_payable: 'This pays out more commission than the agency has banked',
}

/** The clearing account a premium paid from outside arrives through; null for the balance and BNPL. */
export function premiumChannel(method: string | null | undefined): 'bank' | 'card' | 'nexpay' | null {
  switch (method) {
    case 'CARD':
      return 'card'
    case 'BANK':
      return 'bank'
    case 'NEXPAY':
      return 'nexpay'
    default:
      return null
  }
}

/**
 * Commission statuses that mean banked and not paid out: what an agency's commission_payable
 * account holds (a payout request keeps it payable until the payout is approved).
 */
export const COMMISSION_PAYABLE_STATUSES = [
  'COMMISSION_BANKED',
  'COMMISSION_BANKED_AMENDMENT_ADJUSTED',
  'PAYOUT_REQUESTED',
] as const

export type ParsedAccount = {
  code: string
  kind: MoneyAccountKind
  agency_id: number | null
  policy_id: number | null
  invoice_id: number | null
}

const OWNED = /^(agency|policy|invoice):(\d+):([a-z_]+)$/
/** The kinds with an owner (agency, policy or invoice); the rest are the house's own accounts. */
const OWNED_KINDS = new Set<string>(
  MONEY_ACCOUNT_KINDS.filter((k) => k !== 'clearing' && k !== 'house' && k !== 'suspense'),
)

/** The kind and owner an account code names; throws on a code outside the chart. */
export function parseAccount(code: string): ParsedAccount {
  const none = { agency_id: null, policy_id: null, invoice_id: null }
  const m = OWNED.exec(code)
  if (m) {
    const kind = `${m[1]}_${m[3]}`
    const id = Number(m[2])
    if (!OWNED_KINDS.has(kind)) throw new Error(`Unknown money account: ${code}`)
    return { code, kind: kind as MoneyAccountKind, ...none, [`${m[1]}_id`]: id }
  }
  if (/^clearing:(bank|card|nexpay)$/.test(code)) return { code, kind: 'clearing', ...none }
  if (/^house:[a-z_]+$/.test(code)) return { code, kind: 'house', ...none }
  if (code === 'suspense') return { code, kind: 'suspense', ...none }
  throw new Error(`Unknown money account: ${code}`)
}

/** What a `postBalanceEntry` call carries that picks its counter account. */
export type BalanceEntryLinks = {
  agencyId: number
  policyId?: number | null
  invoiceId?: number | null
  /** The top-up's payment method, read by the writer for AGENCY_TOPUP. */
  topupMethod?: string | null
  /** The counter account instead of the type's (money held in suspense allocated to a top-up). */
  from?: string
}

type EntryMapping = {
  /** The account on the other side of the agency's balance. */
  counter: (e: BalanceEntryLinks) => string
  /** The transfer code when the entry credits the agency (amount > 0) and when it debits it. */
  credit: TransferCode
  debit: TransferCode
}

const policyOr = (id: number | null | undefined, code: (id: number) => string) =>
  id ? code(id) : account.suspense
const invoiceOr = (id: number | null | undefined) => (id ? account.invoicePayments(id) : account.suspense)

/**
 * THE mapping from the agency balance ledger's entry types to journal transfers: a credit to the
 * agency (amount > 0) debits the counter account, a debit credits it. Migration 0027's
 * `money_balance_counter` is the frozen copy the backfill used; journal.test.ts proves they agree.
 * A missing policy or invoice link parks the other side in `suspense` (unattributed money).
 */
export const BALANCE_ENTRY_ACCOUNTS: Record<BalanceEntryType, EntryMapping> = {
  // Money in from outside: the channel's clearing account (card top-ups by card, others by bank).
  AGENCY_TOPUP: {
    counter: (e) => account.clearing(e.topupMethod === 'CARD' ? 'card' : 'bank'),
    credit: 'TOPUP',
    debit: 'TOPUP',
  },
  // A premium paid from the balance is received for the policy; a refund gives it back.
  POLICY_PURCHASED: {
    counter: (e) => policyOr(e.policyId, account.policyPremiumReceived),
    credit: 'REFUND',
    debit: 'PREMIUM_PAID',
  },
  POLICY_PREMIUM_REFUNDED: {
    counter: (e) => policyOr(e.policyId, account.policyPremiumReceived),
    credit: 'REFUND',
    debit: 'PREMIUM_PAID',
  },
  // Amendments move premium into (AMENDMENT_PAYMENT) or out of (..._RECEIVED) the policy.
  AMENDMENT_PAYMENT: {
    counter: (e) => policyOr(e.policyId, account.policyPremiumReceived),
    credit: 'AMENDMENT_CREDIT',
    debit: 'AMENDMENT_PAID',
  },
  AMENDMENT_PAYMENT_RECEIVED: {
    counter: (e) => policyOr(e.policyId, account.policyPremiumReceived),
    credit: 'AMENDMENT_CREDIT',
    debit: 'AMENDMENT_PAID',
  },
  // Commission clawed back for a policy; a rejected payment comes back from the same account.
  CLAWBACK_PAYMENT: {
    counter: (e) => policyOr(e.policyId, account.policyClawback),
    credit: 'CLAWBACK_RETURNED',
    debit: 'CLAWBACK',
  },
  // Commission paid out to the balance (a payout, or banked commission released to net a clawback).
  COMMISSION_RECEIVED: {
    counter: (e) => account.agencyCommissionPayable(e.agencyId),
    credit: 'PAYOUT',
    debit: 'PAYOUT',
  },
  // A BNPL settlement paid from the balance waits in the agency's settlement account until the
  // approval gives the BNPL credit back from it (postBnplEntry), or a rejection returns it.
  CREDIT_PAYMENT: {
    counter: (e) => account.agencyBnplSettlement(e.agencyId),
    credit: 'BNPL_SETTLEMENT_RETURNED',
    debit: 'BNPL_SETTLEMENT_PAID',
  },
  // An invoice paid from the balance; an over-payment (or a card payment of a closed invoice)
  // comes back out of the invoice's payments.
  INVOICE_PAYMENT: {
    counter: (e) => invoiceOr(e.invoiceId),
    credit: 'OVERPAYMENT',
    debit: 'INVOICE_PAYMENT',
  },
  // A card top-up disputed by the card holder goes back to the card channel: reserved when the
  // dispute opens (journal reserve), posted when it is lost, released when it is won.
  CARD_DISPUTE: {
    counter: () => account.clearing('card'),
    credit: 'CHARGEBACK',
    debit: 'CHARGEBACK',
  },
  // Money held in suspense (unattributed) that staff decided is the agency's (clearing suspense).
  SUSPENSE_CREDIT: {
    counter: () => account.suspense,
    credit: 'ADJUSTMENT',
    debit: 'ADJUSTMENT',
  },
}

/**
 * The transfer a balance entry is: signed cents on the agency's balance account against the
 * counter account of its type.
 */
export function balanceEntryTransfer(type: BalanceEntryType, amount: number, e: BalanceEntryLinks) {
  const m = BALANCE_ENTRY_ACCOUNTS[type]
  const mine = account.agencyBalance(e.agencyId)
  const other = e.from ?? m.counter(e)
  return amount > 0
    ? { debit: other, credit: mine, amount, code: m.credit }
    : { debit: mine, credit: other, amount: -amount, code: m.debit }
}

/**
 * The transfer a BNPL entry is: using credit (amount < 0) debits the agency's BNPL-used account
 * and pays the policy's premium (received on credit); giving it back (amount > 0) credits it from
 * the agency's settlement account.
 */
export function bnplEntryTransfer(amount: number, e: { agencyId: number; policyId?: number | null }) {
  return amount < 0
    ? {
        debit: account.agencyBnplUsed(e.agencyId),
        credit: policyOr(e.policyId, account.policyPremiumReceived),
        amount: -amount,
        code: 'BNPL_USED' as const,
      }
    : {
        debit: account.agencyBnplSettlement(e.agencyId),
        credit: account.agencyBnplUsed(e.agencyId),
        amount,
        code: 'BNPL_SETTLED' as const,
      }
}
