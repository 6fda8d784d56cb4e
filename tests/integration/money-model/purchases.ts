// Commands of the money model: money in and sales (top-ups, purchases by balance, BNPL and NexPay,
// NexPay webhook deliveries, purchases racing a BNPL settlement on one balance).
import { expect } from 'vitest'
import type fc from 'fast-check'
import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { policies } from '../../../db/schema'
import { handleApiRequest } from '../../../api/router.server'
import { clock } from '../../../domain/shared/clock'
import { api } from '../../setup/api'
import { uploadedReceipt } from '../../setup/topups'
import { AFM, checker, type Model, newPolicy, nexpaySign, nextSeq, OFM, ok, type Real } from './model'

export class TopUp implements fc.AsyncCommand<Model, Real> {
  constructor(readonly cents: number) {}
  check = () => true
  async run(m: Model, r: Real) {
    const req = await api('POST', `${AFM}/doTopUpByAgency`, {
      token: r.token,
      body: {
        agency_id: r.agencyId,
        payment_method: 'BANK',
        receipt_url: await uploadedReceipt(r.agencyId),
        amount: this.cents / 100,
        topup_date: clock.now().toISOString().slice(0, 10),
      },
    })
    ok(req, 201)
    ok(
      await api('POST', `${OFM}/topUpApprove`, {
        token: checker,
        body: { top_up_id: req.body.data.topup.id },
      }),
    )
    m.balance += this.cents
  }
  toString = () => `TopUp(${this.cents})`
}

export class BuyByBalance implements fc.AsyncCommand<Model, Real> {
  check = () => true
  async run(m: Model, r: Real) {
    const p = await newPolicy(r)
    const res = await api('POST', `${AFM}/purchasePolicy`, {
      token: r.token,
      body: { policy_id: p.id, payment_type: 'AGENCY_BALANCE' },
    })
    if (m.balance < p.premium!) {
      ok(res, 409)
      expect(res.body.message).toBe('Insufficient agency balance')
      return
    }
    ok(res)
    m.balance -= p.premium!
    m.policies.push({
      id: p.id,
      ref: p.ref,
      premium: p.premium!,
      method: 'AGENCY_BALANCE',
      state: 'PAID',
      received: p.premium!,
    })
  }
  toString = () => 'BuyByBalance'
}

export class BuyByBnpl implements fc.AsyncCommand<Model, Real> {
  check = () => true
  async run(m: Model, r: Real) {
    const p = await newPolicy(r)
    const res = await api('POST', `${AFM}/purchasePolicy`, {
      token: r.token,
      body: { policy_id: p.id, payment_type: 'BNPL' },
    })
    if (m.bnplRemaining < p.premium!) {
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      return
    }
    ok(res)
    m.bnplRemaining -= p.premium!
    m.policies.push({
      id: p.id,
      ref: p.ref,
      premium: p.premium!,
      method: 'BNPL',
      state: 'BNPL_OWED',
      received: 0,
    })
  }
  toString = () => 'BuyByBnpl'
}

/** A NexPay purchase; `quoted`: the agency also asks for the premium in NPR (an exchange quote). */
export class BuyByNexPay implements fc.AsyncCommand<Model, Real> {
  constructor(readonly quoted = false) {}
  check = () => true
  async run(m: Model, r: Real) {
    const p = await newPolicy(r)
    ok(
      await api('POST', `${AFM}/purchasePolicy`, {
        token: r.token,
        body: { policy_id: p.id, payment_type: 'NEXPAY' },
      }),
    )
    if (this.quoted) {
      const quote = await api('POST', '/payment/quotesCreate', {
        token: r.token,
        body: { total_amount: p.premium! / 100, payment_currency: 'NPR', policy_id: p.id },
      })
      expect(quote.status, JSON.stringify(quote.body)).toBe(201)
    }
    m.policies.push({
      id: p.id,
      ref: p.ref,
      premium: p.premium!,
      method: 'NEXPAY',
      state: 'UNPAID',
      received: 0,
      fxQuoted: this.quoted,
    })
  }
  toString = () => `BuyByNexPay(${this.quoted})`
}

/**
 * A NexPay delivery for an unpaid NexPay policy: the whole rest, a part, too much, not AUD, or 1%
 * short (`fx`: settled at the quote, the difference to house:fx, when the premium was quoted in NPR;
 * a part otherwise).
 */
export class NexPayDelivery implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly kind: 'rest' | 'part' | 'over' | 'npr' | 'zero' | 'fx',
  ) {}
  target = (m: Model) => m.policies.filter((p) => p.method === 'NEXPAY' && p.state === 'UNPAID')
  check = (m: Readonly<Model>) => this.target(m as Model).length > 0
  async run(m: Model) {
    const list = this.target(m)
    const p = list[this.pick % list.length]
    const rest = p.premium - p.received
    const cents = {
      rest,
      part: Math.max(1, Math.floor(rest / 3)),
      over: rest + 1234,
      npr: rest,
      zero: 0,
      fx: rest - Math.floor(rest / 100),
    }[this.kind]
    const raw = JSON.stringify({
      Id: `model-${p.id}-${nextSeq()}`,
      Status: 'PAID',
      PayoutDetails: { Reference: p.ref, Amount: cents / 100, Currency: this.kind === 'npr' ? 'NPR' : 'AUD' },
    })
    const res = await handleApiRequest(
      new Request('http://test.local/api/webhook/nexpay/v1', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-nexpay-signature': nexpaySign(raw) },
        body: raw,
      }),
    )
    expect(res.status).toBe(200)
    const [row] = await getDb()
      .select({ status: policies.status })
      .from(policies)
      .where(eq(policies.id, p.id))
    const settles =
      this.kind === 'rest' || this.kind === 'over' || (this.kind === 'fx' && (p.fxQuoted || cents === rest))
    if (settles) {
      expect(row.status).toBe('PAYMENT_APPROVED')
      p.state = 'PAID'
      p.received = p.premium
    } else {
      // Short, zero or in another currency: the policy keeps waiting for its premium.
      expect(row.status).toBe('PURCHASED')
      if (this.kind === 'part' || this.kind === 'fx') p.received += cents
    }
  }
  toString = () => `NexPayDelivery(${this.pick}, ${this.kind})`
}

/**
 * Interleaving on one balance: `n` purchases from the balance and a BNPL settlement from it, all at
 * once. Each either succeeds or is refused 409 "Insufficient agency balance"; the balance falls by
 * exactly what succeeded, never below zero.
 */
export class ParallelSpend implements fc.AsyncCommand<Model, Real> {
  constructor(readonly n: number) {}
  check = () => true
  async run(m: Model, r: Real) {
    // Made one by one (the factory numbers them), then bought all at once.
    const fresh: Awaited<ReturnType<typeof newPolicy>>[] = []
    for (let i = 0; i < this.n; i++) fresh.push(await newPolicy(r))
    const owed = m.policies.find((p) => p.state === 'BNPL_OWED')
    const buys = fresh.map((p) =>
      api('POST', `${AFM}/purchasePolicy`, {
        token: r.token,
        body: { policy_id: p.id, payment_type: 'AGENCY_BALANCE' },
      }),
    )
    const settle = owed
      ? api('POST', `${AFM}/sendBuyNowPayLaterPaymentRequest`, {
          token: r.token,
          body: { agency_id: r.agencyId, payment_type: 'AGENCY_BALANCE', policies: [owed.id] },
        })
      : null
    const [answers, settled] = await Promise.all([Promise.all(buys), settle])
    let spent = 0
    answers.forEach((res, i) => {
      if (res.status === 409) return expect(res.body.message).toBe('Insufficient agency balance')
      ok(res)
      const p = fresh[i]
      spent += p.premium!
      m.policies.push({
        id: p.id,
        ref: p.ref,
        premium: p.premium!,
        method: 'AGENCY_BALANCE',
        state: 'PAID',
        received: p.premium!,
      })
    })
    if (owed && settled) {
      if (settled.status === 409) expect(settled.body.message).toBe('Insufficient agency balance')
      else {
        ok(settled, 201)
        spent += owed.premium
        owed.state = 'BNPL_SETTLING'
        // Finance rejects it at once: the reservation is voided, the premium owed again.
        ok(
          await api('POST', `${OFM}/rejectBuyNowPayLaterPaymentRequest`, {
            token: checker,
            body: { buyNowPayLaterPaymentRequestId: settled.body.data.id, rejectionReason: 'Raced' },
          }),
        )
        spent -= owed.premium
        owed.state = 'BNPL_OWED'
      }
    }
    expect(spent).toBeLessThanOrEqual(m.balance)
    m.balance -= spent
  }
  toString = () => `ParallelSpend(${this.n})`
}
