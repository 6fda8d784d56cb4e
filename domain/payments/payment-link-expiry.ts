import { and, eq, isNull } from 'drizzle-orm'
import { agencies, paymentLinks, policies } from '../../db/schema'
import { notFound } from '../shared/errors'
import { paymentMails } from '../mail/payment-mails'
import type { PaymentLinkStatus } from './payments.rules'
import { formatCents, formatDateTime } from '../shared/format'
import { notify } from '../notifications/notify'
import { sharedStepDeps, type StepDeps } from '../shared/step-deps'
import { agencyLinks } from '../shared/links'

/**
 * Reminder of a payment link (the expiry workflow, actor `workflow:payment-link-<id>`): mails the
 * agency (policy comms e-mail, else its e-mail) once, while the link is still ACTIVE. Claims the
 * reminder before sending so retries never mail twice; true when a mail went out.
 */
export async function remindPaymentLink(
  linkId: number,
  { db, mail, clock }: StepDeps = sharedStepDeps(),
): Promise<boolean> {
  const [claimed] = await db
    .update(paymentLinks)
    .set({ reminded_at: clock.now() })
    .where(
      and(eq(paymentLinks.id, linkId), eq(paymentLinks.status, 'ACTIVE'), isNull(paymentLinks.reminded_at)),
    )
    .returning()
  if (!claimed) return false
  const [p] = await db
    .select({
      ref: policies.ref,
      agencyId: agencies.id,
      email: agencies.email,
      policyEmail: agencies.policy_comms_email,
    })
    .from(policies)
    .innerJoin(agencies, eq(agencies.id, policies.agency_id))
    .where(eq(policies.id, claimed.policy_id))
  try {
    await mail({
      to: p.policyEmail ?? p.email,
      ...paymentMails.paymentLinkReminder({
        policyRef: p.ref,
        url: claimed.url,
        expiresAt: claimed.expires_at,
        amount: formatCents(claimed.amount),
      }),
    })
  } catch (err) {
    // Give the claim back so the retried activity sends it.
    await db.update(paymentLinks).set({ reminded_at: null }).where(eq(paymentLinks.id, linkId))
    throw err
  }
  await notify(
    db,
    {
      eventType: 'PAYMENT_LINK_EXPIRING',
      title: `Payment link of ${p.ref} expires soon`,
      message: `The link to pay ${formatCents(claimed.amount)} for policy ${p.ref} expires on ${formatDateTime(claimed.expires_at)}.`,
      link: agencyLinks.policy(claimed.policy_id),
      meta: { payment_link_id: linkId, policy_id: claimed.policy_id },
    },
    { agencyId: p.agencyId },
  )
  return true
}

/**
 * Expiry of a payment link (the expiry workflow): ACTIVE -> EXPIRED; a PAID link is never
 * expired. Idempotent: answers the status the link ends with.
 */
export async function expirePaymentLink(
  linkId: number,
  { db }: Pick<StepDeps, 'db'> = sharedStepDeps(),
): Promise<PaymentLinkStatus> {
  const expired = await db.transaction(async (tx) => {
    const [link] = await tx
      .update(paymentLinks)
      .set({ status: 'EXPIRED' })
      .where(and(eq(paymentLinks.id, linkId), eq(paymentLinks.status, 'ACTIVE')))
      .returning()
    if (!link) return false
    const [p] = await tx
      .select({ ref: policies.ref, agencyId: policies.agency_id })
      .from(policies)
      .where(eq(policies.id, link.policy_id))
    await notify(
      tx,
      {
        eventType: 'PAYMENT_LINK_EXPIRED',
        title: `Payment link of ${p.ref} expired`,
        message: `The link to pay ${formatCents(link.amount)} for policy ${p.ref} expired unpaid; create a new one if the student still wants to pay.`,
        link: agencyLinks.policy(link.policy_id),
        meta: { payment_link_id: linkId, policy_id: link.policy_id },
      },
      { agencyId: p.agencyId },
    )
    return true
  })
  if (expired) return 'EXPIRED'
  const [link] = await db
    .select({ status: paymentLinks.status })
    .from(paymentLinks)
    .where(eq(paymentLinks.id, linkId))
  if (!link) throw notFound('Payment link')
  return link.status
}
