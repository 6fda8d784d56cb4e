import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyBalances, files } from '../../db/schema'
import type { Actor, AgencyActor } from '../shared/actor'
import { DomainError, validation } from '../shared/errors'
import { assertFileUsable } from '../files/storage'
import { fromCents } from '../shared/money'
import { lockPolicyFor } from '../policies/policy-history'
import { createCardCheckout } from './create-card-checkout'
import type { PaymentMethod } from './payments.rules'
import {
  assertDeclarationsMade,
  assertMethodAvailable,
  assertPurchasable,
  assertPurchaser,
} from './purchase-guards'
import { bookPurchase, identityOf, type PurchaseBooking } from './purchase-booking'
import {
  bookedPaymentStatus,
  openBankVerificationTask,
  payWith,
  type BankDocument,
} from './purchase-payments'
import { loadPolicyFor, type PolicyRow } from './purchase-loading'
import { paymentOptions } from './payment-options'
import { defineUseCase } from '../shared/authorize'

export const BANK_DOCUMENT_REQUIRED = 'Bank document is required'

/**
 * purchasePolicy (agency side with `purchase`): buys an INITIATED or PAYMENT_REJECTED policy of
 * the caller's agency with one method, all in one transaction (policy locked, purchase rules
 * counted, premium payment row, commission PENDING, history):
 * BANK (document required) -> PURCHASED, payment REQUESTED, staff verification task;
 * NEXPAY -> PURCHASED, payment REQUESTED until the signed webhook says paid;
 * AGENCY_BALANCE -> balance debited (409 "Insufficient agency balance") -> PAYMENT_APPROVED;
 * BNPL -> allowance used (409 when short) -> PAYMENT_BY_BUY_NOW_PAY_LATER;
 * CARD -> a gateway checkout (the policy changes when the gateway confirms).
 * Another agency's policy is a 404; a wrong status, an unavailable method or a protected quote 409;
 * a student without both declarations (eligible, terms accepted) a 400 naming them.
 */
export const purchasePolicy = defineUseCase(
  { agency: ['purchase'] },
  async function purchasePolicy(opts: {
    actor: Actor
    policyId: number
    paymentType: PaymentMethod
    bankDocument?: string | null
  }) {
    const actor = assertPurchaser(opts.actor)
    const method = opts.paymentType
    if (method === 'CARD') {
      return {
        payment_type: 'CARD' as const,
        checkout: await createCardCheckout({ actor, policyId: opts.policyId }),
      }
    }
    const { policy: seen, agency } = await loadPolicyFor(actor, opts.policyId)
    assertPurchasable(seen)
    await assertDeclarationsMade(getDb(), seen)
    const bank = method === 'BANK' ? await bankDocumentOf(actor, agency.id, opts.bankDocument) : null
    const createdBy = identityOf(actor)
    const { booking, policy, balance } = await getDb().transaction(async (tx) => {
      const policy = await lockPolicyFor(tx, seen.id, 'purchaseAwaitingPayment')
      assertMethodAvailable(await paymentOptions(tx, policy, agency), method)
      const booking = await bookPurchase(tx, {
        policy,
        method,
        status: bookedPaymentStatus(method),
        createdBy,
        bankDocument: bank?.key ?? null,
      })
      await payWith(tx, method, { actor, agencyId: agency.id, policy, booking, bank, createdBy })
      const [balance] = await tx.select().from(agencyBalances).where(eq(agencyBalances.agency_id, agency.id))
      return { booking, policy, balance }
    })
    if (method === 'BANK') await openBankVerificationTask(agency.id, policy, booking.premium)
    return purchaseAnswer(method, policy, booking, balance)
  },
)

/** The answer of a purchase: the policy's new status, its payment, commission and the agency's money. */
function purchaseAnswer(
  method: Exclude<PaymentMethod, 'CARD'>,
  policy: PolicyRow,
  booking: PurchaseBooking,
  balance: typeof agencyBalances.$inferSelect | undefined,
) {
  const status =
    method === 'AGENCY_BALANCE'
      ? 'PAYMENT_APPROVED'
      : method === 'BNPL'
        ? 'PAYMENT_BY_BUY_NOW_PAY_LATER'
        : 'PURCHASED'
  return {
    payment_type: method,
    policy_id: policy.id,
    ref: policy.ref,
    status,
    payment: {
      id: booking.paymentId,
      amount: fromCents(booking.premium),
      status:
        method === 'AGENCY_BALANCE' ? 'PAID' : method === 'BNPL' ? 'PENDING_CREDIT_PAYMENT' : 'REQUESTED',
    },
    commission: fromCents(booking.commission),
    agencyBalance: fromCents(balance?.balance ?? 0),
    buyNowPayLaterRemainingAmount: fromCents(balance?.buy_now_pay_later_remaining_amount ?? 0),
    ...(method === 'NEXPAY'
      ? {
          nexpay: {
            reference: policy.ref,
            amount: fromCents(booking.premium),
            currency: policy.premium_currency,
            instructions: `Pay ${policy.premium_currency} ${fromCents(booking.premium).toFixed(2)} through NexPay quoting the reference ${policy.ref}. The policy is marked paid as soon as NexPay confirms the payment.`,
          },
        }
      : {}),
  }
}

/** A BANK purchase's document: required, and a file the agency uploaded (400 on bank_document). */
async function bankDocumentOf(
  actor: AgencyActor,
  agencyId: number,
  bankDocument: string | null | undefined,
): Promise<BankDocument> {
  const key = bankDocument?.trim()
  if (!key) throw validation('bank_document', BANK_DOCUMENT_REQUIRED)
  try {
    await assertFileUsable(key, actor, agencyId)
  } catch (err) {
    if (err instanceof DomainError) throw validation('bank_document', 'File not found')
    throw err
  }
  const [file] = await getDb().select({ filename: files.filename }).from(files).where(eq(files.key, key))
  return { key, name: file?.filename ?? key }
}
