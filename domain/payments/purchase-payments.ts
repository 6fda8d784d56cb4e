// What each payment method does to a purchase, in its transaction after the booking
// (purchase-booking.ts), and the verification task a BANK purchase opens.
import type { DbOrTx } from '../../db/client'
import type { AgencyActor } from '../shared/actor'
import { clock } from '../shared/clock'
import { conflict } from '../shared/errors'
import { staffLinks } from '../shared/links'
import { transitionPolicy } from '../policies/policy-history'
import { addPolicyFiles } from '../policies/policy-files'
import { postBalanceEntry, postBnplEntry } from '../finance/ledger/ledger'
import { settlePremiumPayment } from '../finance/policy-payments/settle-premium'
import { syncWorkflowTasks } from '../tasks/workflow-tasks'
import { METHOD_LABELS, type PaymentMethod } from './payments.rules'
import type { PurchaseBooking } from './purchase-booking'
import type { PolicyRow } from './purchase-loading'

/** The staff inbox task of a bank payment waiting for verification (closed by the finance side). */
export const policyPaymentWorkflowId = (policyId: number) => `policy-payment-${policyId}`

const DAY_MS = 86_400_000

/** The premium payment's status when a purchase is booked with `method`. */
export const bookedPaymentStatus = (method: PaymentMethod) =>
  method === 'BNPL' ? 'PENDING_CREDIT_PAYMENT' : method === 'AGENCY_BALANCE' ? 'PENDING' : 'REQUESTED'

export type BankDocument = { key: string; name: string }

type Paying = {
  actor: AgencyActor
  agencyId: number
  policy: PolicyRow
  booking: PurchaseBooking
  bank: BankDocument | null
  createdBy: number | null
}

/**
 * Moves a booked purchase along its method's path, in `tx`: BANK and NEXPAY wait for the money
 * (PURCHASED), AGENCY_BALANCE is debited and settled at once, BNPL uses the allowance; any
 * other method is a 409.
 */
export async function payWith(tx: DbOrTx, method: PaymentMethod, p: Paying) {
  const set = {
    payment_method: method,
    purchased_at: p.booking.purchasedAt,
    commission_rate: p.booking.commissionRate,
  }
  const meta = { payment_id: p.booking.paymentId, payment_type: method }
  const { actor, policy } = p
  switch (method) {
    case 'BANK':
      await addPolicyFiles(tx, [
        {
          policy_id: policy.id,
          name: p.bank?.name ?? 'Payment proof',
          url: p.bank!.key,
          file_type: 'PAYMENT_PROOF',
          uploaded_by: p.createdBy,
          meta: { payment_id: p.booking.paymentId },
        },
      ])
      return transitionPolicy(tx, policy, 'purchaseAwaitingPayment', {
        actor,
        set,
        meta,
        note: 'Paid by bank transfer; waiting for verification',
      })
    case 'NEXPAY':
      return transitionPolicy(tx, policy, 'purchaseAwaitingPayment', {
        actor,
        set,
        meta,
        note: `Paying through NexPay with reference ${policy.ref}`,
      })
    case 'AGENCY_BALANCE':
      return payFromBalance(tx, p, set)
    case 'BNPL':
      return payByBnpl(tx, p, set, meta)
    default:
      throw conflict(`${METHOD_LABELS[method]} cannot be used here`)
  }
}

/** AGENCY_BALANCE: the balance is debited (409 when short) and the premium settled now. */
async function payFromBalance(
  tx: DbOrTx,
  p: Paying,
  set: { payment_method: PaymentMethod; purchased_at: Date },
) {
  await postBalanceEntry(tx, {
    agencyId: p.agencyId,
    type: 'POLICY_PURCHASED',
    amount: -p.booking.premium,
    actor: p.actor,
    policyId: p.policy.id,
    note: `Premium of policy ${p.policy.ref}`,
  })
  await settlePremiumPayment(tx, {
    policyId: p.policy.id,
    paymentId: p.booking.paymentId,
    action: 'purchasePaid',
    actor: p.actor,
    note: 'Paid from the agency balance',
    set,
  })
}

/** BNPL: the allowance is used (409 when short) and the policy is PAYMENT_BY_BUY_NOW_PAY_LATER. */
async function payByBnpl(
  tx: DbOrTx,
  p: Paying,
  set: { payment_method: PaymentMethod; purchased_at: Date },
  meta: Record<string, unknown>,
) {
  await postBnplEntry(tx, {
    agencyId: p.agencyId,
    amount: -p.booking.premium,
    actor: p.actor,
    policyId: p.policy.id,
    note: `Premium of policy ${p.policy.ref}`,
  })
  await transitionPolicy(tx, p.policy, 'purchaseBnpl', {
    actor: p.actor,
    set: { ...set, provider_payment_status: 'BUY_NOW_PAY_LATER' },
    meta,
    note: 'Paid with buy now, pay later',
  })
}

/** After commit: the staff task to verify a bank payment, due in a day. */
export function openBankVerificationTask(
  agencyId: number,
  policy: { id: number; ref: string },
  premium: number,
) {
  return syncWorkflowTasks(policyPaymentWorkflowId(policy.id), {
    kind: 'policy_payment',
    audience: 'staff',
    subject: `Verify bank payment for policy ${policy.ref}`,
    agencyId,
    link: staffLinks.verification,
    dueAt: new Date(clock.now().getTime() + DAY_MS),
    amount: premium,
  })
}
