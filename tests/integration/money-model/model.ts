// The money model's state (what the agency should hold) and what its commands share: the staff
// they act as, the calls' paths, new and paid policies, staff invoices and the tasks they wait for.
import { expect } from 'vitest'
import { createHmac } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { tasks } from '../../../db/schema'
import { eventually } from '../../setup/eventually'
import { createPolicy } from '../../../db/seed/factories'
import { config } from '../../../domain/shared/config'
import { api, staffToken, staffWith } from '../../setup/api'
import { payOutCommission } from '../../setup/payouts'

export const AFM = '/agencies/finance-management'
export const OFM = '/oshc/finance-management'
export const PAY = '/payment-system'
export const APM = '/agencies/policy-management'
export const OPM = '/oshc/policy-management'
export const ALLOWANCE = 300_000 // A$3,000.00 of BNPL credit per agency

export type PolicyState = 'UNPAID' | 'PAID' | 'BNPL_OWED' | 'BNPL_SETTLING' | 'REFUNDED' | 'REJECTED'
export type ModelPolicy = {
  id: number
  ref: string
  premium: number
  method: 'AGENCY_BALANCE' | 'BNPL' | 'NEXPAY' | 'BANK'
  state: PolicyState
  /** Cents of the premium received for the policy and not returned (NexPay and bank parts, credits). */
  received: number
  amended?: boolean
  /** Its commission was paid out (a payout approved), so staff may claw it back. */
  commissionPaid?: boolean
  clawedBack?: boolean
  /** An amendment lowered the commission paid out: its clawback waits, and blocks a full refund. */
  amendmentClawback?: boolean
  /** A NexPay premium quoted in NPR for all of it: a delivery a little short settles it (house:fx). */
  fxQuoted?: boolean
}
export type Model = {
  balance: number
  bnplRemaining: number
  policies: ModelPolicy[]
}
export type Real = { agencyId: number; token: string }

/** The staff the commands act as: the admin (the maker) and another person with finance (the checker). */
export let admin: string
export let checker: string
let seq = 0

/** Signs in the admin and the checker; the runner calls it once before the runs. */
export async function signInStaff() {
  admin = await staffToken()
  checker = await staffWith(['finance'])
}

/** The next number of the run's counter (unique webhook ids and invoice numbers). */
export const nextSeq = () => ++seq

export const ok = (r: { status: number; body: unknown }, status = 200) =>
  expect(r.status, JSON.stringify(r.body)).toBe(status)

/** A new policy of the agency, priced and INITIATED, with its premium invoice (the factory). */
export async function newPolicy(r: Real) {
  const { policy } = await createPolicy(getDb(), { agencyId: r.agencyId, status: 'INITIATED' })
  return policy
}

export function nexpaySign(raw: string) {
  const t = Math.floor(Date.now() / 1000)
  return `t=${t},v1=${createHmac('sha256', config().nexpayWebhookSecret).update(`${t}.${raw}`).digest('hex')}`
}

/** An invoice of `cents` from staff to the agency (one PREMIUM line); its id. */
export async function staffInvoice(r: Real, cents: number) {
  const inv = await api('POST', `${PAY}/invoice/createInvoiceWithLineItems`, {
    token: admin,
    body: { line_item_type: 'PREMIUM', total_amount: cents / 100, agency_id: r.agencyId },
  })
  ok(inv, 201)
  return inv.body.data.invoice_id as number
}

/**
 * A policy paid (by the factory, which posts its premium and banked commission), its commission
 * paid out by bank when `paidOut` (payOutCommission posts that too): nothing of it touches the
 * balance.
 */
export async function paidPolicy(m: Model, r: Real, paidOut: boolean) {
  const { policy } = await createPolicy(getDb(), { agencyId: r.agencyId, status: 'PAYMENT_APPROVED' })
  if (paidOut) await payOutCommission(r.agencyId, policy.id)
  const p: ModelPolicy = {
    id: policy.id,
    ref: policy.ref,
    premium: policy.premium!,
    method: 'AGENCY_BALANCE',
    state: 'PAID',
    received: policy.premium!,
    commissionPaid: paidOut,
  }
  m.policies.push(p)
  return p
}

export async function openClawbackTask(clawbackId: number, kind: string) {
  await eventually(async () => {
    const [t] = await getDb()
      .select()
      .from(tasks)
      .where(
        and(eq(tasks.workflow_id, `clawback-${clawbackId}`), eq(tasks.kind, kind), isNull(tasks.closed_at)),
      )
    return t
  }, `the ${kind} task`)
}

export async function openPayoutTask(payoutId: number) {
  await eventually(async () => {
    const [t] = await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.workflow_id, `payout-${payoutId}`))
    return t
  }, 'the payout task')
}
