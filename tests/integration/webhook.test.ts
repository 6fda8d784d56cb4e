import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  commissions,
  invoiceLineItems,
  invoicePayments,
  invoices,
  policies,
  policyHistories,
  policyPremiumPayments,
  tasks,
  webhookDeliveries,
} from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { agencyWithToken } from '../setup/api'
import { deliver, deliveryTask, nexpayPolicy, paidDelivery, send, sign } from '../setup/nexpay'

const delivery = (id: string, reference: string, status = 'PAID') =>
  JSON.stringify({
    Id: id,
    Status: status,
    CreatedOn: '2026-03-01T10:00:00Z',
    PaidDate: '2026-03-01T10:05:00Z',
    PayoutDetails: { Reference: reference, Amount: 625.2, Currency: 'AUD' },
    StudentDetails: { Name: 'Student Example' },
  })

const statusOf = async (id: number) =>
  (await getDb().select({ s: policies.status }).from(policies).where(eq(policies.id, id)))[0].s

describe('NexPay webhook', () => {
  it('a correctly signed PAID delivery settles the NEXPAY payment and closes the verification task', async () => {
    const policy = await nexpayPolicy()
    // A verification task left open for this policy (e.g. staff were asked to look) is closed too.
    await getDb()
      .insert(tasks)
      .values({
        workflow_id: `policy-payment-${policy.id}`,
        kind: 'policy_payment',
        audience: 'staff',
        subject: 'Verify',
        agency_id: policy.agency_id,
        link: '/staff/finance/verification',
      })
    const raw = delivery(`np-${policy.id}`, policy.ref, 'paid')
    const r = await deliver(raw, sign(raw))
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data).toMatchObject({ received: true, duplicate: false, outcome: 'settled' })

    expect(await statusOf(policy.id)).toBe('PAYMENT_APPROVED')
    const [payment] = await getDb()
      .select()
      .from(policyPremiumPayments)
      .where(eq(policyPremiumPayments.policy_id, policy.id))
    expect(payment).toMatchObject({ status: 'PAID', payment_type: 'NEXPAY' })
    const [commission] = await getDb().select().from(commissions).where(eq(commissions.policy_id, policy.id))
    expect(commission.status).toBe('COMMISSION_BANKED')
    const history = await getDb()
      .select()
      .from(policyHistories)
      .where(eq(policyHistories.policy_id, policy.id))
    expect(history.find((h) => h.action === 'approvePayment')).toMatchObject({
      actor: 'webhook:nexpay',
      from_status: 'PURCHASED',
      status: 'PAYMENT_APPROVED',
    })
    const [task] = await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.workflow_id, `policy-payment-${policy.id}`))
    expect(task.closed_at).not.toBeNull()
    expect(task.outcome).toBe('approved')
    const [stored] = await getDb()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.delivery_id, `np-${policy.id}`))
    expect(stored).toMatchObject({ provider: 'nexpay', outcome: 'settled' })
    expect(stored.payload).toMatchObject({ PayoutDetails: { Reference: policy.ref } })
  })

  it('a wrong or missing signature and a stale timestamp are 401 and change nothing', async () => {
    const policy = await nexpayPolicy()
    const raw = delivery(`bad-${policy.id}`, policy.ref)
    const wrongSecret = await deliver(raw, sign(raw, undefined, 'another-secret-of-enough-length'))
    expect(wrongSecret.status).toBe(401)
    const tampered = await deliver(raw.replace('PAID', 'COMPLETED'), sign(raw))
    expect(tampered.status).toBe(401)
    expect((await deliver(raw, null)).status).toBe(401)
    expect((await deliver(raw, 'garbage')).status).toBe(401)
    const stale = Math.floor(Date.now() / 1000) - 301
    const old = await deliver(raw, sign(raw, stale))
    expect(old.status).toBe(401)
    expect(old.body.message).toMatch(/timestamp/)
    const future = await deliver(raw, sign(raw, Math.floor(Date.now() / 1000) + 400))
    expect(future.status).toBe(401)
    // Not JSON at all but unsigned: still a 401, not a 400.
    expect((await deliver('not json', null)).status).toBe(401)

    expect(await statusOf(policy.id)).toBe('PURCHASED')
    const stored = await getDb()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.delivery_id, `bad-${policy.id}`))
    expect(stored).toHaveLength(0)
  })

  it('a repeated delivery Id answers the first outcome and has no second effect', async () => {
    const policy = await nexpayPolicy()
    const raw = delivery(`dup-${policy.id}`, policy.ref)
    const [a, b] = await Promise.all([deliver(raw, sign(raw)), deliver(raw, sign(raw))])
    expect([a.status, b.status]).toEqual([200, 200])
    expect([a.body.data.duplicate, b.body.data.duplicate].sort()).toEqual([false, true])
    expect(a.body.data.outcome).toBe('settled')
    expect(b.body.data.outcome).toBe('settled')
    const again = await deliver(raw, sign(raw))
    expect(again.body.data).toMatchObject({ duplicate: true, outcome: 'settled' })

    const rows = await getDb()
      .select()
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.provider, 'nexpay'), eq(webhookDeliveries.delivery_id, `dup-${policy.id}`)),
      )
    expect(rows).toHaveLength(1)
    const history = await getDb()
      .select()
      .from(policyHistories)
      .where(eq(policyHistories.policy_id, policy.id))
    expect(history.filter((h) => h.action === 'approvePayment')).toHaveLength(1)
    const payments = await getDb()
      .select()
      .from(policyPremiumPayments)
      .where(eq(policyPremiumPayments.policy_id, policy.id))
    expect(payments.map((p) => p.status)).toEqual(['PAID'])
  })

  it('other statuses and unknown references are recorded only', async () => {
    const policy = await nexpayPolicy()
    const pending = delivery(`pending-${policy.id}`, policy.ref, 'PENDING')
    const r = await deliver(pending, sign(pending))
    expect(r.status).toBe(200)
    expect(r.body.data.outcome).toBe('recorded: status PENDING')
    expect(await statusOf(policy.id)).toBe('PURCHASED')

    const unknown = delivery(`unknown-${policy.id}`, 'POL-DOES-NOT-EXIST')
    const u = await deliver(unknown, sign(unknown))
    expect(u.body.data.outcome).toBe('ignored: no policy with this reference')

    // A policy bought by bank transfer is not settled by NexPay.
    const { agency } = await agencyWithToken()
    const { policy: bank } = await createPolicy(getDb(), { agencyId: agency.id, status: 'PURCHASED' })
    const wrongMethod = delivery(`bank-${bank.id}`, bank.ref)
    const w = await deliver(wrongMethod, sign(wrongMethod))
    expect(w.body.data.outcome).toBe('ignored: the policy has no NexPay payment waiting')
    expect(await statusOf(bank.id)).toBe('PURCHASED')

    const missingId = JSON.stringify({ Status: 'PAID' })
    expect((await deliver(missingId, sign(missingId))).status).toBe(400)
  })
})

describe('issue 22 finding 4: a NexPay delivery settles only the money it carries', () => {
  const paymentOf = async (policyId: number) =>
    (
      await getDb().select().from(policyPremiumPayments).where(eq(policyPremiumPayments.policy_id, policyId))
    )[0]
  const commissionOf = async (policyId: number) =>
    (await getDb().select().from(commissions).where(eq(commissions.policy_id, policyId)))[0].status
  const premiumInvoiceOf = async (policyId: number) =>
    (
      await getDb()
        .select({ id: invoices.id, status: invoices.status, outstanding: invoices.total_outstanding_amount })
        .from(invoices)
        .innerJoin(invoiceLineItems, eq(invoiceLineItems.invoice_id, invoices.id))
        .where(and(eq(invoiceLineItems.policy_id, policyId), eq(invoices.invoice_type, 'PREMIUM')))
    )[0]

  it('0.01 NPR settles nothing and banks no commission: recorded, acknowledged, shown to staff', async () => {
    const policy = await nexpayPolicy()
    const id = `npr-${policy.id}`
    const data = await send(paidDelivery(id, policy.ref, 0.01, 'NPR'))
    expect(data.outcome).toMatch(/^held: the delivery is in NPR/)
    expect(await statusOf(policy.id)).toBe('PURCHASED')
    expect(await paymentOf(policy.id)).toMatchObject({ status: 'REQUESTED', received_amount: 0 })
    expect(await commissionOf(policy.id)).toBe('PENDING')
    const [stored] = await getDb()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.delivery_id, id))
    expect(stored.outcome).toBe(data.outcome)
    expect(stored.meta).toMatchObject({ policy_id: policy.id, paid_amount: 1, paid_currency: 'NPR' })
    expect(await deliveryTask(id)).toMatchObject({
      kind: 'nexpay_delivery',
      audience: 'staff',
      closed_at: null,
    })
    // A delivery without an amount is held the same way.
    const none = await send(paidDelivery(`none-${policy.id}`, policy.ref, undefined, 'AUD'))
    expect(none.outcome).toMatch(/^held: the delivery names no valid Amount/)
    expect(await statusOf(policy.id)).toBe('PURCHASED')
  })

  it('short in AUD stays due as a partial payment; the rest settles, banks the commission and puts the excess in suspense', async () => {
    const policy = await nexpayPolicy()
    const due = (await paymentOf(policy.id)).amount
    const part = await send(paidDelivery(`part-${policy.id}`, policy.ref, 0.01, 'AUD'))
    expect(part.outcome).toMatch(/^partial: A\$0\.01 received/)
    expect(await statusOf(policy.id)).toBe('PURCHASED')
    expect(await paymentOf(policy.id)).toMatchObject({ status: 'REQUESTED', received_amount: 1 })
    expect(await commissionOf(policy.id)).toBe('PENDING')
    expect(await premiumInvoiceOf(policy.id)).toMatchObject({
      status: 'PARTIALLY_PAID',
      outstanding: due - 1,
    })
    const history = await getDb()
      .select()
      .from(policyHistories)
      .where(eq(policyHistories.policy_id, policy.id))
    expect(history.find((h) => h.action === 'NEXPAY_PARTIAL_PAYMENT')?.note).toMatch(/A\$0\.01 received/)

    // The rest plus 10.00 more: settled, commission banked, 10.00 in suspense for staff.
    const restId = `rest-${policy.id}`
    const rest = await send(paidDelivery(restId, policy.ref, ((due - 1 + 1000) / 100).toFixed(2), 'AUD'))
    expect(rest.outcome).toBe('settled: A$10.00 over the premium held in suspense')
    expect(await statusOf(policy.id)).toBe('PAYMENT_APPROVED')
    expect(await paymentOf(policy.id)).toMatchObject({ status: 'PAID', received_amount: due })
    expect(await commissionOf(policy.id)).toBe('COMMISSION_BANKED')
    const inv = await premiumInvoiceOf(policy.id)
    expect(inv).toMatchObject({ status: 'PAID', outstanding: 0 })
    const paid = await getDb().select().from(invoicePayments).where(eq(invoicePayments.invoice_id, inv.id))
    expect(paid.reduce((s, p) => s + p.payment_amount, 0)).toBe(due)
    const [stored] = await getDb()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.delivery_id, restId))
    expect(stored.meta).toMatchObject({ suspense: 1000, aud_applied: due - 1 })
    expect(await deliveryTask(restId)).toMatchObject({ kind: 'nexpay_delivery', amount: 1000 })
  })
})
