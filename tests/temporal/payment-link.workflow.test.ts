import { eventually } from '../setup/eventually'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { outboxMails, paymentLinks } from '../../db/schema'
import { createAgency, createPolicy } from '../../db/seed/factories'
import { findOutbox } from '../../domain/mail/mailer'
import { createPaymentLink } from '../../domain/payments/create-payment-link'
import { getPaymentLink } from '../../domain/payments/get-payment-link'
import { paySandboxCheckout } from '../../domain/card-payments/sandbox-checkout'
import { startPaymentLinkCheckout } from '../../domain/payments/start-payment-link-checkout'
import { confirmPaymentLinkCheckout } from '../../domain/payments/confirm-payment-link-checkout'
import type { Actor } from '../../domain/shared/actor'
import { temporalClient } from '../../temporal/client'
import {
  paymentLinkStateQuery,
  paymentLinkWorkflowId,
} from '../../workflows/payment-link-expiry/payment-link-expiry.contract'
import { startWorker } from '../setup/worker'
import { eventsFor } from '../setup/notifications'
import { createPaymentLinkActivities } from '../../workflows/payment-link-expiry/payment-link-expiry.activities'
import { realActivityDeps } from '../../workers/activities/deps'
import type { sendMail } from '../../domain/mail/mailer'

// A short reminder window: read by the port when it starts each workflow (config is read lazily).
process.env.PAYMENT_LINK_REMINDER_SECONDS = '4'

/** 0.002 hours = 7.2 seconds. */
const EXPIRES_IN_HOURS = 0.002

async function agencyActor(): Promise<{ actor: Actor; email: string; agencyId: number }> {
  const agency = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED' })
  return {
    actor: {
      kind: 'Agency',
      identityId: agency.identity_id!,
      agencyId: agency.id,
      email: agency.email,
      permissions: new Set(['quote', 'purchase', 'user_management', 'finance']),
    },
    email: agency.email,
    agencyId: agency.id,
  }
}

const linkRow = async (id: number) =>
  (await getDb().select().from(paymentLinks).where(eq(paymentLinks.id, id)))[0]

describe('paymentLinkExpiry workflow (real Temporal dev server)', () => {
  let stop: () => Promise<void>
  beforeAll(async () => {
    stop = await startWorker()
  })
  afterAll(() => stop())

  it('reminds the agency before expiry, then expires an unpaid link on time', async () => {
    const { actor, email, agencyId } = await agencyActor()
    const { policy } = await createPolicy(getDb(), { agencyId, status: 'INITIATED' })
    const link = await createPaymentLink({
      actor,
      policyId: policy.id,
      currency: 'AUD',
      expiresInHours: EXPIRES_IN_HOURS,
    })
    const expiresAt = new Date(link.expires_at).getTime()
    const handle = (await temporalClient()).workflow.getHandle(paymentLinkWorkflowId(link.id))

    // Not yet: the reminder is due 4 s before expiry (about 3 s after creation).
    expect((await linkRow(link.id)).status).toBe('ACTIVE')
    const reminder = await eventually(
      async () => (await findOutbox(email)).find((m) => m.subject.includes(policy.ref)),
      'reminder mail',
    )
    expect(reminder.subject).toBe(`Reminder: the payment link for policy ${policy.ref} expires soon`)
    expect(reminder.text).toContain(link.url)
    const [mailRow] = await getDb().select().from(outboxMails).where(eq(outboxMails.id, reminder.id))
    expect(mailRow.created_at.getTime()).toBeLessThan(expiresAt)
    expect(mailRow.created_at.getTime()).toBeGreaterThanOrEqual(expiresAt - 4_000 - 1_000)
    expect((await linkRow(link.id)).status).toBe('ACTIVE')
    const state = await eventually(async () => {
      const q = await handle.query(paymentLinkStateQuery)
      return q.phase === 'waiting-expiry' && q
    }, 'the workflow to wait for expiry')
    expect(state).toMatchObject({ reminded: true, paid: false })
    expect((await linkRow(link.id)).status).toBe('ACTIVE')

    expect(await handle.result()).toBe('expired')
    const expired = await linkRow(link.id)
    expect(expired.status).toBe('EXPIRED')
    expect(expired.updated_at.getTime()).toBeGreaterThanOrEqual(expiresAt)
    expect(expired.reminded_at).not.toBeNull()
    // Exactly one reminder.
    expect((await findOutbox(email)).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(1)
    // The agency's bell heard of both steps, each leading to the policy.
    const heard = await eventsFor(
      [(actor as { identityId: number }).identityId],
      ['PAYMENT_LINK_EXPIRING', 'PAYMENT_LINK_EXPIRED'],
    )
    expect(heard.map((n) => [n.event, n.link])).toEqual([
      ['PAYMENT_LINK_EXPIRING', `/agency/policies/${policy.id}`],
      ['PAYMENT_LINK_EXPIRED', `/agency/policies/${policy.id}`],
    ])
  })

  it('with the worker paused across expiry, the pay page refuses payment on time and the link expires once the worker is back', async () => {
    const { actor, agencyId } = await agencyActor()
    const { policy } = await createPolicy(getDb(), { agencyId, status: 'INITIATED' })
    const link = await createPaymentLink({
      actor,
      policyId: policy.id,
      currency: 'AUD',
      expiresInHours: EXPIRES_IN_HOURS,
    })
    await stop()
    await new Promise((r) =>
      setTimeout(r, Math.max(0, new Date(link.expires_at).getTime() - Date.now()) + 300),
    )
    // Nothing has expired the row (no worker), yet the public page refuses payment on time.
    expect((await linkRow(link.id)).status).toBe('ACTIVE')
    expect(await getPaymentLink({ reference: link.reference })).toMatchObject({
      status: 'EXPIRED',
      payable: false,
    })
    await expect(startPaymentLinkCheckout({ reference: link.reference })).rejects.toThrow(
      'This payment link has expired',
    )

    const back = Date.now()
    stop = await startWorker()
    await eventually(
      async () => (await linkRow(link.id)).status === 'EXPIRED',
      'the link expired after the worker came back',
      15_000,
    )
    expect(Date.now() - back).toBeLessThan(15_000)
  })

  it('a link paid before expiry is never expired', async () => {
    const { actor, agencyId } = await agencyActor()
    const { policy } = await createPolicy(getDb(), { agencyId, status: 'INITIATED' })
    const link = await createPaymentLink({
      actor,
      policyId: policy.id,
      currency: 'AUD',
      expiresInHours: EXPIRES_IN_HOURS,
    })
    const checkout = await startPaymentLinkCheckout({ reference: link.reference })
    const url = new URL(checkout.url)
    await paySandboxCheckout({
      sessionId: checkout.checkout_session_id,
      search: url.searchParams,
      cardNumber: '4242 4242 4242 4242',
    })
    const page = await confirmPaymentLinkCheckout({
      reference: link.reference,
      sessionId: checkout.checkout_session_id,
    })
    expect(page.status).toBe('PAID')

    const handle = (await temporalClient()).workflow.getHandle(paymentLinkWorkflowId(link.id))
    expect(await handle.result()).toBe('paid')
    // The signal ended the wait: the workflow finished before the link's expiry time.
    expect(Date.now()).toBeLessThan(new Date(link.expires_at).getTime())
    // Well past the expiry time, the link is still PAID.
    await new Promise((r) =>
      setTimeout(r, Math.max(0, new Date(link.expires_at).getTime() - Date.now()) + 500),
    )
    const row = await linkRow(link.id)
    expect(row.status).toBe('PAID')
  })

  it('the activities run on the dependencies the worker gives them (clock and mailer)', async () => {
    const { actor, email, agencyId } = await agencyActor()
    const { policy } = await createPolicy(getDb(), { agencyId, status: 'INITIATED' })
    // An hour-long link: its workflow will not remind or expire it during this test.
    const link = await createPaymentLink({ actor, policyId: policy.id, currency: 'AUD', expiresInHours: 1 })
    const at = new Date('2026-01-02T03:04:05.000Z')
    const sent: Parameters<typeof sendMail>[0][] = []
    const activities = createPaymentLinkActivities({
      ...realActivityDeps(),
      clock: { now: () => at },
      mail: async (mail) => {
        sent.push(mail)
        return true
      },
    })
    expect(await activities.remindPaymentLink(link.id)).toBe(true)
    // The claim is stamped by the given clock and the mail goes through the given mailer only.
    expect((await linkRow(link.id)).reminded_at).toEqual(at)
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [email, `Reminder: the payment link for policy ${policy.ref} expires soon`],
    ])
    expect((await findOutbox(email)).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(0)
    // A retry finds the claim and sends nothing.
    expect(await activities.remindPaymentLink(link.id)).toBe(false)
    expect(sent).toHaveLength(1)
    expect(await activities.expirePaymentLink(link.id)).toBe('EXPIRED')
  })
})
