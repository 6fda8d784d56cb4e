import { and, eq, isNull } from 'drizzle-orm'
import { getDb, type Db } from '../../db/client'
import { agencies, paymentLinks, policies } from '../../db/schema'
import { notFound } from '../shared/errors'
import { sendMail } from '../mail/mailer'
import { paymentMails } from '../mail/payment-mails'
import type { PaymentLinkStatus } from './payments.rules'
import { formatCents } from '../shared/format'
import { clock, type Clock } from '../shared/clock'

/** What the expiry steps touch; the worker passes its own, other callers get the shared ones. */
export type PaymentLinkExpiryDeps = { db: Db; mail: typeof sendMail; clock: Clock }
const defaults = (): PaymentLinkExpiryDeps => ({ db: getDb(), mail: sendMail, clock })

/**
 * Reminder of a payment link (the expiry workflow, actor `workflow:payment-link-<id>`): mails the
 * agency (policy comms e-mail, else its e-mail) once, while the link is still ACTIVE. Claims the
 * reminder before sending so retries never mail twice; true when a mail went out.
 */
export async function remindPaymentLink(
  linkId: number,
  { db, mail, clock }: PaymentLinkExpiryDeps = defaults(),
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
    .select({ ref: policies.ref, email: agencies.email, policyEmail: agencies.policy_comms_email })
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
  return true
}

/**
 * Expiry of a payment link (the expiry workflow): ACTIVE -> EXPIRED; a PAID link is never
 * expired. Idempotent: answers the status the link ends with.
 */
export async function expirePaymentLink(
  linkId: number,
  { db }: Pick<PaymentLinkExpiryDeps, 'db'> = defaults(),
): Promise<PaymentLinkStatus> {
  const [expired] = await db
    .update(paymentLinks)
    .set({ status: 'EXPIRED' })
    .where(and(eq(paymentLinks.id, linkId), eq(paymentLinks.status, 'ACTIVE')))
    .returning({ status: paymentLinks.status })
  if (expired) return 'EXPIRED'
  const [link] = await db
    .select({ status: paymentLinks.status })
    .from(paymentLinks)
    .where(eq(paymentLinks.id, linkId))
  if (!link) throw notFound('Payment link')
  return link.status
}
