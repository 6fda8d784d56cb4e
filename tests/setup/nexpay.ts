// NexPay deliveries as NexPay sends them, signed, to the real webhook route, and a policy waiting
// for one (webhook.test.ts, nexpay-fx.test.ts).
import { createHmac } from 'node:crypto'
import { expect } from 'vitest'
import { handleApiRequest } from '../../api/router.server'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { tasks } from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { config } from '../../domain/shared/config'
import { agencyWithToken, api } from './api'

export const NEXPAY_PATH = '/webhook/nexpay/v1'

export function sign(raw: string, t = Math.floor(Date.now() / 1000), secret = config().nexpayWebhookSecret) {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex')}`
}

/** Posts raw bytes exactly as NexPay sends them (the signature covers the raw body). */
export async function deliver(raw: string, signature: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (signature !== null) headers['x-nexpay-signature'] = signature
  const res = await handleApiRequest(
    new Request(`http://test.local/api${NEXPAY_PATH}`, { method: 'POST', headers, body: raw }),
  )
  return { status: res.status, body: await res.json() }
}

/** A PAID delivery of `amount` in `currency` for the policy `reference`. */
export const paidDelivery = (id: string, reference: string, amount: unknown, currency: unknown) =>
  JSON.stringify({
    Id: id,
    Status: 'PAID',
    CreatedOn: '2026-03-01T10:00:00Z',
    PaidDate: '2026-03-01T10:05:00Z',
    PayoutDetails: { Reference: reference, Amount: amount, Currency: currency },
  })

/** Delivers signed and answers the webhook's data (200 expected). */
export async function send(raw: string) {
  const r = await deliver(raw, sign(raw))
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body.data
}

/** A policy bought with NEXPAY through the API (PURCHASED, payment REQUESTED), with its agency's token. */
export async function nexpayPolicyWithToken() {
  const { agency, token } = await agencyWithToken()
  const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
  const r = await api('POST', '/agencies/finance-management/purchasePolicy', {
    token,
    body: { policy_id: policy.id, payment_type: 'NEXPAY' },
  })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return { policy, token }
}

export const nexpayPolicy = async () => (await nexpayPolicyWithToken()).policy

/** The staff inbox task a delivery whose money was not all placed opens (undefined when none). */
export const deliveryTask = async (deliveryId: string) =>
  (
    await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.workflow_id, `nexpay-${deliveryId}`))
  )[0]
