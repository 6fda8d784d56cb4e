// What each process posts to the money journal (ADR 0013, issue 22 step 2): premiums received by
// card, bank or NexPay, what goes back to the channel, and commission banked, adjusted, cancelled.
// Always in the caller's transaction, beside the record the movement belongs to. Idempotency keys
// are persisted (migration 0029's backfill writes the same keys): change them only by adding.
import { and, eq, like, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { moneyTransfers } from '../../db/schema/journal'
import { account, premiumChannel } from './accounts'
import { postTransfers, type MoneyDecision, type TransferInput } from './journal'
import type { Actor } from '../shared/actor'

type PremiumPayment = {
  id: number
  policy_id: number
  agency_id: number
  amount: number
  surcharge_amount: number
  payment_type: string
}

/** The key of a premium payment's receipt, of one NexPay delivery of it, and of its excess. */
export const premiumKeys = {
  settled: (paymentId: number) => `premium-payment:${paymentId}`,
  surcharge: (paymentId: number) => `premium-payment:${paymentId}:surcharge`,
  delivery: (paymentId: number, deliveryId: string) => `premium-payment:${paymentId}:delivery:${deliveryId}`,
  excess: (paymentId: number, deliveryId: string) => `premium-payment:${paymentId}:excess:${deliveryId}`,
  returned: (paymentId: number, from: string) => `premium-payment:${paymentId}:returned:${from}`,
  held: (paymentId: number, from: string) => `premium-payment:${paymentId}:held:${from}`,
}

/** Cents of a payment's premium the journal already holds from its partial deliveries. */
async function deliveredBefore(tx: DbOrTx, paymentId: number) {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${moneyTransfers.amount}), 0)` })
    .from(moneyTransfers)
    .where(
      and(
        like(moneyTransfers.idempotency_key, `premium-payment:${paymentId}:delivery:%`),
        eq(moneyTransfers.state, 'POSTED'),
      ),
    )
  return Number(row?.cents ?? 0)
}

/**
 * A premium payment made outside the balance (card, bank, NexPay) is PAID: the premium not yet
 * posted by partial deliveries moves from the channel's clearing account to the policy's premium
 * received (PREMIUM_PAID), a surcharge to house:surcharge. Balance and BNPL purchases post through
 * their ledgers (postBalanceEntry / postBnplEntry), so nothing is posted for them here.
 */
export async function postPremiumSettled(tx: DbOrTx, p: PremiumPayment, actor: Actor | string) {
  const channel = premiumChannel(p.payment_type)
  if (!channel) return []
  const rest = p.amount - (await deliveredBefore(tx, p.id))
  const links = { agencyId: p.agency_id, policyId: p.policy_id, paymentId: p.id, actor }
  const transfers: TransferInput[] = []
  if (rest > 0)
    transfers.push({
      key: premiumKeys.settled(p.id),
      debit: account.clearing(channel),
      credit: account.policyPremiumReceived(p.policy_id),
      amount: rest,
      code: 'PREMIUM_PAID',
      note: `Premium received (${p.payment_type})`,
      ...links,
    })
  if (p.surcharge_amount > 0)
    transfers.push({
      key: premiumKeys.surcharge(p.id),
      debit: account.clearing(channel),
      credit: account.house('surcharge'),
      amount: p.surcharge_amount,
      code: 'PREMIUM_PAID',
      note: `Surcharge on the premium (${p.payment_type})`,
      ...links,
    })
  return postTransfers(tx, transfers)
}

/** What one receipt of part (or more) of a premium carries: its key, amount and note. */
type Delivery = {
  deliveryId: string
  cents: number
  actor: Actor | string
  note?: string
  /** Where the money comes from when not the payment's channel (suspense, allocated by staff). */
  from?: string
}

/** The channel a premium payment's money arrives through (NexPay deliveries, bank statement lines). */
const deliveryChannel = (p: PremiumPayment) => premiumChannel(p.payment_type) ?? 'nexpay'

/**
 * One delivery short of the premium (a NexPay delivery, a bank statement line): the part of
 * `cents` that is premium (not the surcharge) is received for the policy now, from the payment's
 * channel; the rest of the premium posts when it is settled.
 */
export async function postPremiumDelivery(tx: DbOrTx, p: PremiumPayment, d: Delivery) {
  const premium = Math.min(d.cents, p.amount - (await deliveredBefore(tx, p.id)))
  if (premium <= 0) return []
  return postTransfers(tx, [
    {
      key: premiumKeys.delivery(p.id, d.deliveryId),
      debit: d.from ?? account.clearing(deliveryChannel(p)),
      credit: account.policyPremiumReceived(p.policy_id),
      amount: premium,
      code: 'PREMIUM_PAID',
      note: d.note ?? `Partial NexPay delivery ${d.deliveryId}`,
      agencyId: p.agency_id,
      policyId: p.policy_id,
      paymentId: p.id,
      actor: d.actor,
    },
  ])
}

/** A delivery over the premium (NexPay, a bank statement line): the excess waits in suspense for staff. */
export function postDeliveryExcess(tx: DbOrTx, p: PremiumPayment, d: Delivery) {
  if (d.cents <= 0) return Promise.resolve([])
  return postTransfers(tx, [
    {
      key: premiumKeys.excess(p.id, d.deliveryId),
      debit: account.clearing(deliveryChannel(p)),
      credit: account.suspense,
      amount: d.cents,
      code: 'OVERPAYMENT',
      note: d.note ?? `NexPay delivery ${d.deliveryId} paid more than the premium`,
      agencyId: p.agency_id,
      policyId: p.policy_id,
      paymentId: p.id,
      actor: d.actor,
    },
  ])
}

/**
 * Money received for a policy from outside the balance: an amendment's rise paid by card or bank
 * (AMENDMENT_PAID, key `amendment-payment:<id>`).
 */
export function postAmendmentPaid(
  tx: DbOrTx,
  a: {
    amendmentPaymentId: number
    amendmentId: number
    policyId: number
    agencyId: number
    amount: number
    method: string
    actor: Actor | string
  },
) {
  const channel = premiumChannel(a.method)
  if (!channel || a.amount <= 0) return Promise.resolve([])
  return postTransfers(tx, [
    {
      key: `amendment-payment:${a.amendmentPaymentId}`,
      debit: account.clearing(channel),
      credit: account.policyPremiumReceived(a.policyId),
      amount: a.amount,
      code: 'AMENDMENT_PAID',
      note: `Amendment #${a.amendmentId} paid (${a.method})`,
      agencyId: a.agencyId,
      policyId: a.policyId,
      amendmentId: a.amendmentId,
      actor: a.actor,
    },
  ])
}

/**
 * Premium given back through a channel outside the balance (a full refund paid by bank): the
 * policy's premium received pays the clearing account (REFUND). The floor refuses more than was
 * received and not yet returned (409).
 */
export function postPremiumReturned(
  tx: DbOrTx,
  r: {
    key: string
    policyId: number
    agencyId: number
    amount: number
    method: string
    actor: Actor | string
    refundId?: number | null
    amendmentId?: number | null
    note?: string | null
  },
) {
  if (r.amount <= 0) return Promise.resolve([])
  return postTransfers(tx, [
    {
      key: r.key,
      debit: account.policyPremiumReceived(r.policyId),
      credit: account.clearing(premiumChannel(r.method) ?? 'bank'),
      amount: r.amount,
      code: 'REFUND',
      note: r.note ?? null,
      agencyId: r.agencyId,
      policyId: r.policyId,
      refundId: r.refundId ?? null,
      amendmentId: r.amendmentId ?? null,
      actor: r.actor,
    },
  ])
}

type CommissionRow = { id: number; agency_id: number; policy_id: number; amount: number }

/**
 * Commission banked: the insurer owes it to the agency (COMMISSION_BANKED, key per commission).
 * `decision`: the staff decision it comes from, for the writer's maker-checker (assertMoneyAuthority).
 */
export function postCommissionBanked(
  tx: DbOrTx,
  rows: CommissionRow[],
  actor: Actor | string,
  decision?: MoneyDecision | null,
) {
  return postTransfers(
    tx,
    rows
      .filter((c) => c.amount > 0)
      .map((c) => ({
        key: `commission-banked:${c.id}`,
        debit: account.house('insurer'),
        credit: account.agencyCommissionPayable(c.agency_id),
        amount: c.amount,
        code: 'COMMISSION_BANKED' as const,
        note: `Commission #${c.id} banked`,
        agencyId: c.agency_id,
        policyId: c.policy_id,
        actor,
        decision: decision ?? null,
      })),
  )
}

/**
 * Banked commission no longer owed to the agency (a full refund cancels it; an amendment lowers
 * it): commission payable goes back to the insurer (CLAWBACK). An amendment raising banked
 * commission banks the difference (COMMISSION_BANKED). `key` is the movement's own key.
 */
export function postCommissionChange(
  tx: DbOrTx,
  c: { key: string; agencyId: number; policyId: number; delta: number; actor: Actor | string; note: string },
) {
  if (c.delta === 0) return Promise.resolve([])
  const payable = account.agencyCommissionPayable(c.agencyId)
  const insurer = account.house('insurer')
  return postTransfers(tx, [
    {
      key: c.key,
      debit: c.delta > 0 ? insurer : payable,
      credit: c.delta > 0 ? payable : insurer,
      amount: Math.abs(c.delta),
      code: c.delta > 0 ? 'COMMISSION_BANKED' : 'CLAWBACK',
      note: c.note,
      agencyId: c.agencyId,
      policyId: c.policyId,
      actor: c.actor,
    },
  ])
}
