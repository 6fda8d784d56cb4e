import { and, eq, ne } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { agencies, customers, insuranceProviders, paymentLinks, policies } from '../../db/schema'
import { paymentLinkProcess } from './payment-link-process'
import { lockPolicyFor } from '../policies/policy-history'
import { sendMail } from '../mail/mailer'
import { paymentMails } from '../mail/payment-mails'
import { bookPurchase } from './purchase-booking'
import { settlePremiumPayment } from '../finance/policy-payments/settle-premium'
import { formatCents, formatDate } from '../shared/format'
import { clock } from '../shared/clock'
import { settleCard, type CardPurpose, type SettledBy } from '../card-payments/card-settlement'
import { notify } from '../notifications/notify'
import { agencyLinks } from '../shared/links'

/**
 * The premium's part of a card settlement (domain/card-payments/card-settlement.ts), in its
 * transaction: the purchase is booked (rules, premium payment, commission), the premium settled
 * (policy PAYMENT_APPROVED with the card surcharge recorded) and its payment link marked PAID.
 * After commit the link's workflow is told and a widget buyer mailed.
 */
export const premiumCardPurpose: CardPurpose<void> = {
  name: 'premium',
  async settle(tx, card, paid, by) {
    const policyId = card.policy_id!
    const policy = await lockPolicyFor(tx, policyId, 'purchaseAwaitingPayment')
    const booking = await bookPurchase(tx, {
      policy,
      method: 'CARD',
      status: 'PENDING',
      createdBy: by.createdBy,
      surchargeCents: card.surcharge_amount,
      paymentLinkId: card.payment_link_id,
      receiptId: card.ref,
    })
    await settlePremiumPayment(tx, {
      policyId,
      paymentId: booking.paymentId,
      action: 'purchasePaid',
      actor: by.actor,
      note: `Paid by card (${card.ref})`,
      set: {
        payment_method: 'CARD',
        purchased_at: booking.purchasedAt,
        commission_rate: booking.commissionRate,
        surcharge_rate: card.surcharge_rate,
        surcharge_amount: card.surcharge_amount,
        is_surcharge_applied: card.surcharge_rate !== null,
      },
    })
    if (card.payment_link_id) await markLinkPaid(tx, card.payment_link_id, policy, paid.amountPaidCents)
  },
  async afterCommit(card) {
    if (card.payment_link_id) await afterLinkPaid(card.payment_link_id, card.policy_id!)
    await afterWidgetSale(card.policy_id!)
  },
}

/**
 * Settles a policy's card checkout once its gateway says it is paid (the premium purpose above).
 * Idempotent: a card payment already PAID is answered as it is. 409 while the checkout is not
 * paid. Callers authorise first (agency purchase, or the holder of a payment link).
 */
export function settleCardPayment(opts: { cardPaymentId: number } & SettledBy) {
  return settleCard(premiumCardPurpose, opts)
}

/** The payment link turns PAID (once) and its agency is notified, in the settling transaction. */
async function markLinkPaid(
  tx: DbOrTx,
  linkId: number,
  policy: { id: number; ref: string },
  paidCents: number,
) {
  const [paidLink] = await tx
    .update(paymentLinks)
    .set({ status: 'PAID', paid_at: clock.now() })
    .where(and(eq(paymentLinks.id, linkId), ne(paymentLinks.status, 'PAID')))
    .returning()
  if (paidLink)
    await notify(
      tx,
      {
        eventType: 'PAYMENT_LINK_PAID',
        title: `Policy ${policy.ref} paid through its payment link`,
        message: `The student paid ${formatCents(paidCents)} by card for policy ${policy.ref}, which is now paid.`,
        link: agencyLinks.policy(policy.id),
        meta: { payment_link_id: paidLink.id, policy_id: policy.id },
      },
      { agencyId: paidLink.agency_id },
    )
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
