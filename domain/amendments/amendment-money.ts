// The money of an amendment once its premium is settled: the commission follows the new premium
// (clawing back what was paid out too much), and a fall in premium goes back to what funded it.
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { commissions } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { formatCents } from '../shared/format'
import { openClawback } from '../clawbacks/open-clawback'
import { setCommissionAmount } from '../finance/payouts/commission-changes'
import { AGENCY_PARTY, createInvoice, PRODUCT_PARTY } from '../finance/invoices/invoices'
import { recordInvoiceHistory, recordInvoicePayment } from '../finance/invoices/invoice-payments'
import { postBalanceEntry, postBnplEntry } from '../finance/ledger/ledger'
import { account } from '../money/accounts'
import { postTransfers } from '../money/journal'
import { postCommissionChange } from '../money/money-postings'
import { conflict } from '../shared/errors'
import { policyPremiumHeld } from '../refunds/refund-loading'
import { lockOwedBnplPremium, lowerPremiumPayment } from '../finance/policy-payments/premium-payments'
import { clawbackProcess, type ClawbackDeps } from '../clawbacks/clawback-process'
import { withoutGst } from '../quotes/pricing.rules'
import { recordPolicyHistory } from '../policies/policy-history'
import type { AmendmentRow } from './amendment-loading'
import type { MoneyDecision } from '../money/authority'

const ADJUSTED = {
  COMMISSION_BANKED: 'COMMISSION_BANKED_AMENDMENT_ADJUSTED',
  COMMISSION_BANKED_AMENDMENT_ADJUSTED: 'COMMISSION_BANKED_AMENDMENT_ADJUSTED',
  PAID: 'PAID_AMENDMENT_ADJUSTED',
  PAID_AMENDMENT_ADJUSTED: 'PAID_AMENDMENT_ADJUSTED',
} as const

/**
 * Moves the policy's commission to the amendment's new_commission in `tx`: banked commission
 * becomes COMMISSION_BANKED_AMENDMENT_ADJUSTED with the new amount; paid-out commission becomes
 * PAID_AMENDMENT_ADJUSTED, and when it falls the difference is clawed back (openClawback; the
 * caller starts its workflow after commit). A commission inside a payout request, refunded or not
 * banked yet keeps its status (PENDING and PAYOUT_REJECTED take the new amount). Answers the
 * clawback opened, if any.
 */
export async function adjustCommission(tx: DbOrTx, a: AmendmentRow, actor: Actor | string) {
  const [c] = await tx.select().from(commissions).where(eq(commissions.policy_id, a.policy_id)).for('update')
  if (!c) return { clawbackId: null }
  const before = { status: c.status, amount: c.amount }
  const target = a.new_commission
  let clawbackId: number | null = null
  if (c.status in ADJUSTED) {
    const status = ADJUSTED[c.status as keyof typeof ADJUSTED]
    if (status === 'PAID_AMENDMENT_ADJUSTED' && target < c.amount) {
      // Opened against the commission as paid out, before it takes the new amount.
      const opened = await openClawback(tx, {
        policyId: a.policy_id,
        premiumAmount: Math.max(1, a.prev_premium - a.new_premium),
        commissionAmount: c.amount - target,
        // The amendment's workflow opens it, whoever's decision settled the premium.
        actor: `workflow:amendment-${a.id}`,
        keepPolicyStatus: true,
        note: `Amendment #${a.id} lowered the commission paid out from ${formatCents(c.amount)} to ${formatCents(target)}`,
      })
      clawbackId = opened.clawbackId
    }
    await setCommissionAmount(tx, c.id, { status, amount: target })
    // Banked and not paid out: commission payable follows the new amount in the journal.
    if (status === 'COMMISSION_BANKED_AMENDMENT_ADJUSTED')
      await postCommissionChange(tx, {
        key: `commission-adjusted:${a.id}`,
        agencyId: c.agency_id,
        policyId: c.policy_id,
        delta: target - c.amount,
        actor,
        note: `Amendment #${a.id}: banked commission ${formatCents(c.amount)} -> ${formatCents(target)}`,
      })
  } else if (c.status === 'PENDING' || c.status === 'PAYOUT_REJECTED') {
    await setCommissionAmount(tx, c.id, { amount: target })
  }
  const [after] = await tx.select().from(commissions).where(eq(commissions.id, c.id))
  await recordPolicyHistory(tx, {
    policyId: a.policy_id,
    action: 'AMENDMENT_COMMISSION_ADJUSTED',
    actor,
    note:
      after.amount === before.amount && after.status === before.status
        ? `Commission left at ${formatCents(before.amount)} (${before.status})`
        : `Commission ${formatCents(before.amount)} (${before.status}) -> ${formatCents(after.amount)} (${after.status})`,
    meta: {
      amendment_id: a.id,
      before,
      after: { status: after.status, amount: after.amount },
      clawback_id: clawbackId,
    },
  })
  return { clawbackId }
}

export const BNPL_SETTLING_MSG =
  'A buy now, pay later settlement of this policy waits for verification; the amendment can be accepted once it is decided'
export const creditTooLargeMsg = (held: number) =>
  `The premium difference cannot be returned: only ${formatCents(held)} was received for this policy and not yet returned`

/**
 * A fall in premium: the difference (payable_amount) goes back to what funded the policy (issue
 * 22), against a PARTIAL_REFUND invoice from OSHC to the agency, paid at once. A buy-now-pay-later
 * purchase not settled yet owes less: its premium payment is lowered and the allowance given back
 * (postBnplEntry), up to what it owes; the rest, if any, is credited to the agency's balance
 * (AMENDMENT_PAYMENT_RECEIVED), at most what was received for the policy and not yet returned
 * (policyPremiumHeld; 409 otherwise). 409 while a BNPL settlement of the policy waits for staff.
 * Answers the invoice id and the split (cents). `decision`: the staff decision the credit comes
 * from (a staff-set premium or an amendment staff opened), passed to the journal's writer with
 * both movements, which refuses it (403, nothing moved) unless its decider holds `finance` and is
 * not a maker.
 */
export async function creditReceivable(
  tx: DbOrTx,
  a: AmendmentRow,
  ref: string,
  gstRate: string,
  actor: Actor | string,
  decision: MoneyDecision | null = null,
) {
  const amount = a.payable_amount
  const owed = await lockOwedBnplPremium(tx, a.policy_id)
  if (owed?.status === 'PENDING_CREDIT_PAYMENT_REQUESTED') throw conflict(BNPL_SETTLING_MSG)
  const toBnpl = owed ? Math.min(amount, owed.amount) : 0
  const toCash = amount - toBnpl
  if (toCash > 0) {
    const held = await policyPremiumHeld(a.policy_id, tx)
    if (toCash > held) throw conflict(creditTooLargeMsg(held))
  }
  const invoiceId = await creditInvoice(tx, a, ref, gstRate, actor)
  const credit: Credit = { tx, a, ref, actor, decision, invoiceId }
  if (owed && toBnpl > 0) await creditBnpl(credit, owed, toBnpl)
  if (toCash > 0) await creditBalance(credit, toCash)
  return { invoiceId, toBnpl, toCash }
}

/** One amendment credit being paid: its PARTIAL_REFUND invoice and the decision behind it. */
type Credit = {
  tx: DbOrTx
  a: AmendmentRow
  ref: string
  actor: Actor | string
  decision: MoneyDecision | null
  invoiceId: number
}

/** The PARTIAL_REFUND invoice of the credit, issued by the agency (owed) to OSHC (pays). */
async function creditInvoice(
  tx: DbOrTx,
  a: AmendmentRow,
  ref: string,
  gstRate: string,
  actor: Actor | string,
) {
  const amount = a.payable_amount
  const { invoice } = await createInvoice(tx, {
    agencyId: a.agency_id,
    type: 'PARTIAL_REFUND',
    // Issued by the party that is owed (the agency) to the one that pays (OSHC).
    from: AGENCY_PARTY,
    to: PRODUCT_PARTY,
    amendmentId: a.id,
    createdBy: typeof actor !== 'string' && 'identityId' in actor ? actor.identityId : null,
    notes: `Amendment #${a.id} of policy ${ref}: premium lowered`,
    items: [
      {
        line_item_type: 'PREMIUM',
        policy_id: a.policy_id,
        description: `Premium difference refunded on policy ${ref} (amendment #${a.id})`,
        total_amount: amount,
        tax_amount: amount - withoutGst(amount, gstRate),
        tax_rate: gstRate,
        payer: PRODUCT_PARTY,
        receiver: AGENCY_PARTY,
        meta: { amendment_id: a.id },
      },
    ],
  })
  await recordInvoiceHistory(tx, {
    invoiceId: invoice.id,
    action: 'CREATED',
    message: `PARTIAL_REFUND invoice created for amendment #${a.id} of policy ${ref}`,
    actor,
    toStatus: invoice.status,
  })
  return invoice.id
}

/** The part taken off what a BNPL purchase still owes: premium payment, journal, allowance, invoice. */
async function creditBnpl(c: Credit, owed: { id: number; amount: number }, toBnpl: number) {
  const { tx, a, ref, actor } = c
  await lowerPremiumPayment(tx, owed, toBnpl)
  // Less premium received on credit: the journal returns it from the policy's premium received
  // to the agency's settlement account, from which postBnplEntry gives the credit back.
  await postTransfers(tx, [
    {
      key: `amendment-credit:${a.id}:bnpl`,
      debit: account.policyPremiumReceived(a.policy_id),
      credit: account.agencyBnplSettlement(a.agency_id),
      amount: toBnpl,
      code: 'AMENDMENT_CREDIT',
      note: `Amendment #${a.id} of policy ${ref}: premium lowered on credit`,
      agencyId: a.agency_id,
      policyId: a.policy_id,
      amendmentId: a.id,
      actor,
    },
  ])
  const entry = await postBnplEntry(tx, {
    agencyId: a.agency_id,
    amount: toBnpl,
    actor,
    policyId: a.policy_id,
    note: `Amendment #${a.id} of policy ${ref}: premium lowered, ${formatCents(toBnpl)} less owed`,
    decision: c.decision,
  })
  await recordInvoicePayment(tx, {
    invoiceId: c.invoiceId,
    method: 'BNPL',
    amount: toBnpl,
    status: 'COMPLETED',
    actor,
    ref: `AMD-${a.id}`,
    notes: 'Deducted from the buy now, pay later amount owed',
    meta: { amendment_id: a.id, bnpl_transaction_id: entry.id, premium_payment_id: owed.id },
  })
}

/** The rest, credited to the agency's balance and paid on the invoice from it. */
async function creditBalance(c: Credit, toCash: number) {
  const { tx, a, actor } = c
  const entry = await postBalanceEntry(tx, {
    agencyId: a.agency_id,
    type: 'AMENDMENT_PAYMENT_RECEIVED',
    amount: toCash,
    actor,
    policyId: a.policy_id,
    invoiceId: c.invoiceId,
    note: `Amendment #${a.id} of policy ${c.ref}: premium difference refunded`,
    decision: c.decision,
  })
  await recordInvoicePayment(tx, {
    invoiceId: c.invoiceId,
    method: 'AGENCY_BALANCE',
    amount: toCash,
    status: 'COMPLETED',
    actor,
    ref: `AMD-${a.id}`,
    notes: 'Credited to the agency balance',
    meta: { amendment_id: a.id, ledger_id: entry.id },
  })
}

/** After commit: the clawback an adjustment opened gets its `clawback-<id>` workflow. */
export async function startClawbackAfterCommit(
  clawbackId: number | null,
  clawbacks?: ClawbackDeps['clawbacks'],
) {
  if (clawbackId) await (clawbacks ?? clawbackProcess()).start(clawbackId)
}
