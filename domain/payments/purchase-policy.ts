import { clock } from '../shared/clock'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyBalances, files, policyFiles } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { conflict, DomainError, validation } from '../shared/errors'
import { fromCents } from '../shared/money'
import { assertFileUsable } from '../files/storage'
import { lockPolicyFor, transitionPolicy } from '../policies/policy-history'
import { postBalanceEntry, postBnplEntry } from '../finance/ledger/ledger'
import { syncWorkflowTasks } from '../tasks/workflow-tasks'
import { createCardCheckout } from './create-card-checkout'
import { METHOD_LABELS, type PaymentMethod } from './payments.rules'
import { assertMethodAvailable, assertPurchasable, assertPurchaser } from './purchase-guards'
import { bookPurchase, identityOf } from './purchase-booking'
import { loadPolicyFor } from './purchase-loading'
import { paymentOptions } from './payment-options'
import { settlePremiumPayment } from './settle-premium'
import { defineUseCase } from '../shared/authorize'
import { staffLinks } from '../shared/links'

export const BANK_DOCUMENT_REQUIRED = 'Bank document is required'

/** The staff inbox task of a bank payment waiting for verification (closed by the finance side). */
export const policyPaymentWorkflowId = (policyId: number) => `policy-payment-${policyId}`

const DAY_MS = 86_400_000

/**
 * purchasePolicy (agency side with `purchase`): buys an INITIATED or PAYMENT_REJECTED policy of
 * the caller's agency with one method, all in one transaction (policy locked, purchase rules
 * counted, premium payment row, commission PENDING, history):
 * BANK (document required) -> PURCHASED, payment REQUESTED, staff verification task;
 * NEXPAY -> PURCHASED, payment REQUESTED until the signed webhook says paid;
 * AGENCY_BALANCE -> balance debited (409 "Insufficient agency balance") -> PAYMENT_APPROVED;
 * BNPL -> allowance used (409 when short) -> PAYMENT_BY_BUY_NOW_PAY_LATER;
 * CARD -> a gateway checkout (the policy changes when the gateway confirms).
 * Another agency's policy is a 404; a wrong status, an unavailable method or a protected quote 409.
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
    let documentName: string | null = null
    if (method === 'BANK') {
      const key = opts.bankDocument?.trim()
      if (!key) throw validation('bank_document', BANK_DOCUMENT_REQUIRED)
      try {
        await assertFileUsable(key, actor, agency.id)
      } catch (err) {
        if (err instanceof DomainError) throw validation('bank_document', 'File not found')
        throw err
      }
      const [file] = await getDb().select({ filename: files.filename }).from(files).where(eq(files.key, key))
      documentName = file?.filename ?? key
    }
    const createdBy = identityOf(actor)

    const outcome = await getDb().transaction(async (tx) => {
      const policy = await lockPolicyFor(tx, seen.id, 'purchaseAwaitingPayment')
      const options = await paymentOptions(tx, policy, agency)
      assertMethodAvailable(options, method)
      const booking = await bookPurchase(tx, {
        policy,
        method,
        status:
          method === 'BNPL'
            ? 'PENDING_CREDIT_PAYMENT'
            : method === 'AGENCY_BALANCE'
              ? 'PENDING'
              : 'REQUESTED',
        createdBy,
        bankDocument: method === 'BANK' ? opts.bankDocument!.trim() : null,
      })
      const set = { payment_method: method, purchased_at: booking.purchasedAt }
      const meta = { payment_id: booking.paymentId, payment_type: method }
      switch (method) {
        case 'BANK':
          await tx.insert(policyFiles).values({
            policy_id: policy.id,
            name: documentName ?? 'Payment proof',
            url: opts.bankDocument!.trim(),
            file_type: 'PAYMENT_PROOF',
            uploaded_by: createdBy,
            meta: { payment_id: booking.paymentId },
          })
          await transitionPolicy(tx, policy, 'purchaseAwaitingPayment', {
            actor,
            set,
            meta,
            note: 'Paid by bank transfer; waiting for verification',
          })
          break
        case 'NEXPAY':
          await transitionPolicy(tx, policy, 'purchaseAwaitingPayment', {
            actor,
            set,
            meta,
            note: `Paying through NexPay with reference ${policy.ref}`,
          })
          break
        case 'AGENCY_BALANCE':
          await postBalanceEntry(tx, {
            agencyId: agency.id,
            type: 'POLICY_PURCHASED',
            amount: -booking.premium,
            actor,
            policyId: policy.id,
            note: `Premium of policy ${policy.ref}`,
          })
          await settlePremiumPayment(tx, {
            policyId: policy.id,
            paymentId: booking.paymentId,
            action: 'purchasePaid',
            actor,
            note: 'Paid from the agency balance',
            set,
          })
          break
        case 'BNPL':
          await postBnplEntry(tx, {
            agencyId: agency.id,
            amount: -booking.premium,
            actor,
            policyId: policy.id,
            note: `Premium of policy ${policy.ref}`,
          })
          await transitionPolicy(tx, policy, 'purchaseBnpl', {
            actor,
            set: { ...set, provider_payment_status: 'BUY_NOW_PAY_LATER' },
            meta,
            note: 'Paid with buy now, pay later',
          })
          break
        default:
          throw conflict(`${METHOD_LABELS[method]} cannot be used here`)
      }
      const [balance] = await tx.select().from(agencyBalances).where(eq(agencyBalances.agency_id, agency.id))
      return { booking, policy, balance }
    })

    const { booking, policy, balance } = outcome
    if (method === 'BANK') {
      await syncWorkflowTasks(policyPaymentWorkflowId(policy.id), {
        kind: 'policy_payment',
        audience: 'staff',
        subject: `Verify bank payment for policy ${policy.ref}`,
        agencyId: agency.id,
        link: staffLinks.verification,
        dueAt: new Date(clock.now().getTime() + DAY_MS),
        amount: booking.premium,
      })
    }
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
  },
)
