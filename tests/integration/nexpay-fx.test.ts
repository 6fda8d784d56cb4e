// Issue 25: a NexPay receipt for a premium quoted in another currency. NexPay pays out AUD at its
// own rate, so what arrives differs a little from the quote: within FX_TOLERANCE_BPS the premium
// settles at what was quoted and the difference is posted to the exchange differences account
// (house:fx); further off, or with no quote for the whole premium, it is a short or over payment.
import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { commissions, exchangeRates, policies } from '../../db/schema'
import { moneyTransfers } from '../../db/schema/journal'
import { resetConfig } from '../../domain/shared/config'
import { api } from '../setup/api'
import { expectBalanced, held, paymentOf } from '../setup/journal'
import { deliveryTask, nexpayPolicyWithToken, paidDelivery, send } from '../setup/nexpay'

const NPR_RATE = '88.500000'

beforeAll(async () => {
  await getDb()
    .insert(exchangeRates)
    .values({ currency: 'NPR', rate: NPR_RATE })
    .onConflictDoUpdate({ target: exchangeRates.currency, set: { rate: NPR_RATE } })
})

/** A NEXPAY policy whose agency asked for a quote in NPR of `quotedCents` (default: all that is due). */
async function quotedPolicy(quotedCents?: (due: number) => number) {
  const { policy, token } = await nexpayPolicyWithToken()
  const due = (await paymentOf(policy.id)).amount + (await paymentOf(policy.id)).surcharge_amount
  const total = quotedCents ? quotedCents(due) : due
  const q = await api('POST', '/payment/quotesCreate', {
    token,
    body: { total_amount: total / 100, payment_currency: 'NPR', policy_id: policy.id },
  })
  expect(q.status, JSON.stringify(q.body)).toBe(201)
  return { policy, due, quote: q.body.data as { payment_amount: number; client_rate: number } }
}

const aud = (cents: number) => (cents / 100).toFixed(2)

const statusOf = async (id: number) =>
  (await getDb().select({ s: policies.status }).from(policies).where(eq(policies.id, id)))[0].s

const commissionOf = async (policyId: number) =>
  (await getDb().select().from(commissions).where(eq(commissions.policy_id, policyId)))[0].status

const fxTransfers = (policyId: number) =>
  getDb()
    .select()
    .from(moneyTransfers)
    .where(and(eq(moneyTransfers.policy_id, policyId), eq(moneyTransfers.code, 'FX_DIFFERENCE')))

describe('a NexPay receipt of a premium quoted in another currency', () => {
  it('a little short settles at the quote: the loss goes to house:fx with the quote recorded', async () => {
    const { policy, due, quote } = await quotedPolicy()
    const short = Math.round(due * 0.015) // 1.5%, within the default 2%
    const fxBefore = await held('house:fx')
    const nexpayBefore = await held('clearing:nexpay')
    const id = `fx-loss-${policy.id}`
    const data = await send(paidDelivery(id, policy.ref, aud(due - short), 'AUD'))
    expect(data.outcome).toBe(`settled: A$${aud(short)} exchange loss on the NPR quote`)
    expect(await statusOf(policy.id)).toBe('PAYMENT_APPROVED')
    expect(await paymentOf(policy.id)).toMatchObject({ status: 'PAID', received_amount: due })
    expect(await commissionOf(policy.id)).toBe('COMMISSION_BANKED')
    // The house bears the difference; NexPay owes what it actually paid out.
    expect(await held('house:fx')).toBe(fxBefore - short)
    expect(await held('clearing:nexpay')).toBe(nexpayBefore - (due - short))
    const [fx] = await fxTransfers(policy.id)
    expect(fx).toMatchObject({
      amount: short,
      state: 'POSTED',
      paid_currency: 'NPR',
      paid_amount: Math.round(quote.payment_amount * 100),
    })
    expect(Number(fx.rate)).toBe(Number(NPR_RATE))
    expect(await held(`policy:${policy.id}:premium_received`)).toBe((await paymentOf(policy.id)).amount)
    // Nothing for staff to place.
    expect(await deliveryTask(id)).toBeUndefined()
    await expectBalanced(policy.agency_id)
  })

  it('a little over settles at the quote: the gain goes to house:fx, nothing to suspense', async () => {
    const { policy, due } = await quotedPolicy()
    const over = Math.round(due * 0.01)
    const fxBefore = await held('house:fx')
    const suspenseBefore = await held('suspense')
    const id = `fx-gain-${policy.id}`
    const data = await send(paidDelivery(id, policy.ref, aud(due + over), 'AUD'))
    expect(data.outcome).toBe(`settled: A$${aud(over)} exchange gain on the NPR quote`)
    expect(await paymentOf(policy.id)).toMatchObject({ status: 'PAID', received_amount: due })
    expect(await held('house:fx')).toBe(fxBefore + over)
    expect(await held('suspense')).toBe(suspenseBefore)
    expect(await deliveryTask(id)).toBeUndefined()
    await expectBalanced(policy.agency_id)
  })

  it('further off than the tolerance it is a part payment like any other, and the rest completes it', async () => {
    const { policy, due } = await quotedPolicy()
    const short = Math.round(due * 0.05)
    const fxBefore = await held('house:fx')
    const part = await send(paidDelivery(`fx-far-${policy.id}`, policy.ref, aud(due - short), 'AUD'))
    expect(part.outcome).toMatch(/^partial: /)
    expect(await statusOf(policy.id)).toBe('PURCHASED')
    expect(await paymentOf(policy.id)).toMatchObject({ status: 'REQUESTED', received_amount: due - short })
    // What is left is a small difference of its own: it is owed in full, never an exchange loss.
    const rest = await send(paidDelivery(`fx-rest-${policy.id}`, policy.ref, aud(short), 'AUD'))
    expect(rest.outcome).toBe('settled')
    expect(await held('house:fx')).toBe(fxBefore)
    expect(await fxTransfers(policy.id)).toEqual([])
    await expectBalanced(policy.agency_id)
  })

  it('no quote, or a quote for less than the premium, makes no shortfall an exchange loss', async () => {
    const { policy: cheap, due } = await quotedPolicy((d) => d - 5000)
    const short = Math.round(due * 0.01)
    const a = await send(paidDelivery(`fx-cheap-${cheap.id}`, cheap.ref, aud(due - short), 'AUD'))
    expect(a.outcome).toMatch(/^partial: /)
    expect(await fxTransfers(cheap.id)).toEqual([])

    const { policy: plain } = await nexpayPolicyWithToken()
    const owed = (await paymentOf(plain.id)).amount
    const b = await send(paidDelivery(`fx-none-${plain.id}`, plain.ref, aud(owed - 100), 'AUD'))
    expect(b.outcome).toMatch(/^partial: /)
    expect(await fxTransfers(plain.id)).toEqual([])
    await expectBalanced(plain.agency_id)
  })

  it('with the tolerance off (FX_TOLERANCE_BPS=0) a quoted premium paid short stays partly due', async () => {
    const { policy, due } = await quotedPolicy()
    process.env.FX_TOLERANCE_BPS = '0'
    resetConfig()
    try {
      const r = await send(paidDelivery(`fx-off-${policy.id}`, policy.ref, aud(due - 100), 'AUD'))
      expect(r.outcome).toMatch(/^partial: /)
    } finally {
      delete process.env.FX_TOLERANCE_BPS
      resetConfig()
    }
  })
})
