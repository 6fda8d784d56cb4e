import { and, eq, ne } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencies,
  cardPayments,
  customers,
  insuranceProviders,
  paymentLinks,
  policies,
} from '../../db/schema'
import type { Actor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { paymentLinkProcess } from './payment-link-process'
import { lockPolicyFor } from '../policies/policy-history'
import { sendMail } from '../mail/mailer'
import { paymentMails } from '../mail/payment-mails'
import { bookPurchase } from './purchase-booking'
import { settlePremiumPayment } from './settle-premium'
import { formatCents, formatDate } from '../shared/format'
import { clock } from '../shared/clock'
import { assertCheckoutPaid } from './checkout-paid'
import { notify } from '../notifications/notify'
import { agencyLinks } from '../shared/links'

export type CardPaymentRow = typeof cardPayments.$inferSelect

/**
 * Settles a card checkout once its gateway says it is paid: in one transaction the purchase is
 * booked (rules, premium payment, commission), the premium settled (policy PAYMENT_APPROVED with
 * the card surcharge recorded), the card payment and its payment link marked PAID. Idempotent:
 * a card payment already PAID is answered as it is. 409 while the checkout is not paid.
 * Callers authorise first (agency purchase, or the holder of a payment link).
 */
export async function settleCardPayment(opts: {
  cardPaymentId: number
  actor: Actor | string
  createdBy: number | null
}): Promise<{ card: CardPaymentRow; alreadySettled: boolean }> {
  const db = getDb()
  const [row] = await db.select().from(cardPayments).where(eq(cardPayments.id, opts.cardPaymentId))
  if (!row || !row.policy_id) throw notFound('Card payment')
  if (row.status === 'PAID') return { card: row, alreadySettled: true }
  const state = await assertCheckoutPaid(row)
  const policyId = row.policy_id
  const result = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(cardPayments).where(eq(cardPayments.id, row.id)).for('update')
    if (locked.status === 'PAID') return { card: locked, alreadySettled: true }
    const policy = await lockPolicyFor(tx, policyId, 'purchaseAwaitingPayment')
    const booking = await bookPurchase(tx, {
      policy,
      method: 'CARD',
      status: 'PENDING',
      createdBy: opts.createdBy,
      surchargeCents: locked.surcharge_amount,
      paymentLinkId: locked.payment_link_id,
      receiptId: locked.ref,
    })
    await settlePremiumPayment(tx, {
      policyId,
      paymentId: booking.paymentId,
      action: 'purchasePaid',
      actor: opts.actor,
      note: `Paid by card (${locked.ref})`,
      set: {
        payment_method: 'CARD',
        purchased_at: booking.purchasedAt,
        surcharge_rate: locked.surcharge_rate,
        surcharge_amount: locked.surcharge_amount,
        is_surcharge_applied: locked.surcharge_rate !== null,
      },
    })
    const [card] = await tx
      .update(cardPayments)
      .set({
        status: 'PAID',
        amount_paid: state.amountPaidCents,
        gateway_payment_id: state.paymentId ?? null,
      })
      .where(eq(cardPayments.id, locked.id))
      .returning()
    if (locked.payment_link_id) {
      const [paidLink] = await tx
        .update(paymentLinks)
        .set({ status: 'PAID', paid_at: clock.now() })
        .where(and(eq(paymentLinks.id, locked.payment_link_id), ne(paymentLinks.status, 'PAID')))
        .returning()
      if (paidLink)
        await notify(
          tx,
          {
            eventType: 'PAYMENT_LINK_PAID',
            title: `Policy ${policy.ref} paid through its payment link`,
            message: `The student paid ${formatCents(state.amountPaidCents)} by card for policy ${policy.ref}, which is now paid.`,
            link: agencyLinks.policy(policyId),
            meta: { payment_link_id: paidLink.id, policy_id: policyId },
          },
          { agencyId: paidLink.agency_id },
        )
    }
    return { card, alreadySettled: false }
  })
  if (!result.alreadySettled && row.payment_link_id) await afterLinkPaid(row.payment_link_id, policyId)
  if (!result.alreadySettled) await afterWidgetSale(policyId)
  return result
}

/** After commit: a student who bought through a website widget gets the confirmation by mail. */
async function afterWidgetSale(policyId: number) {
  const [p] = await getDb()
    .select({
      ref: policies.ref,
      source: policies.source,
      premium: policies.premium,
      surcharge: policies.surcharge_amount,
      start: policies.start_date,
      end: policies.end_date,
      email: customers.email,
      firstName: customers.first_name,
      provider: insuranceProviders.display_name,
      agencyName: agencies.full_company_name,
    })
    .from(policies)
    .innerJoin(customers, eq(customers.id, policies.customer_id))
    .innerJoin(agencies, eq(agencies.id, policies.agency_id))
    .leftJoin(insuranceProviders, eq(insuranceProviders.id, policies.insurance_provider_id))
    .where(eq(policies.id, policyId))
  if (!p || p.source !== 'WIDGET' || !p.email) return
  await sendMail({
    to: p.email,
    ...paymentMails.widgetPurchaseConfirmed({
      firstName: p.firstName,
      policyRef: p.ref,
      provider: p.provider ?? 'Your insurer',
      cover: p.start && p.end ? `${formatDate(p.start)} to ${formatDate(p.end)}` : 'as quoted',
      amount: formatCents((p.premium ?? 0) + (p.surcharge ?? 0)),
      agencyName: p.agencyName ?? 'your agency',
    }),
  })
}

/** After commit: stop the link's expiry workflow and tell the agency. */
async function afterLinkPaid(linkId: number, policyId: number) {
  await paymentLinkProcess().paid(linkId)
  const [p] = await getDb()
    .select({
      ref: policies.ref,
      amount: paymentLinks.amount,
      email: agencies.email,
      policyEmail: agencies.policy_comms_email,
    })
    .from(paymentLinks)
    .innerJoin(policies, eq(policies.id, paymentLinks.policy_id))
    .innerJoin(agencies, eq(agencies.id, paymentLinks.agency_id))
    .where(eq(paymentLinks.id, linkId))
  if (!p) return
  await sendMail({
    to: p.policyEmail ?? p.email,
    ...paymentMails.paymentLinkPaid({
      policyRef: p.ref,
      policyId,
      amount: formatCents(p.amount),
    }),
  })
}
