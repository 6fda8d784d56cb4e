// Commands of the money model: premiums paid by bank transfer and found on a bank statement (issue
// 25): the line quotes the policy's reference and pays the rest, a part, or more than is due;
// finance confirm it (a part payment, a whole premium, or the excess held in suspense).
import { expect } from 'vitest'
import type fc from 'fast-check'
import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { bankStatementLines, moneyTransfers, policies, policyPremiumPayments } from '../../../db/schema'
import { clock } from '../../../domain/shared/clock'
import { api } from '../../setup/api'
import { uploadedReceipt } from '../../setup/topups'
import { admin, AFM, checker, type Model, newPolicy, nextSeq, OFM, ok, type Real } from './model'

export class BuyByBank implements fc.AsyncCommand<Model, Real> {
  check = () => true
  async run(m: Model, r: Real) {
    const p = await newPolicy(r)
    ok(
      await api('POST', `${AFM}/purchasePolicy`, {
        token: r.token,
        body: { policy_id: p.id, payment_type: 'BANK', bank_document: await uploadedReceipt(r.agencyId) },
      }),
    )
    m.policies.push({
      id: p.id,
      ref: p.ref,
      premium: p.premium!,
      method: 'BANK',
      state: 'UNPAID',
      received: 0,
    })
  }
  toString = () => 'BuyByBank'
}

const dollars = (cents: number) => (cents / 100).toFixed(2)

/**
 * A statement line for an unpaid bank policy (bought now when there is none), quoting its
 * reference: the rest, a part, or over.
 */
export class StatementLine implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly kind: 'rest' | 'part' | 'over',
  ) {}
  target = (m: Model) => m.policies.filter((p) => p.method === 'BANK' && p.state === 'UNPAID')
  check = () => true
  async run(m: Model, r: Real) {
    // A run with no bank purchase waiting buys one first, so lines meet refunds and amendments often.
    if (!this.target(m).length) await new BuyByBank().run(m, r)
    const list = this.target(m)
    const p = list[this.pick % list.length]
    const rest = p.premium - p.received
    const cents = { rest, part: Math.max(1, Math.floor(rest / 3)), over: rest + 1234 }[this.kind]
    const day = clock.now().toISOString().slice(0, 10)
    const csv = `Transaction Date,Narrative,Amount,Balance\n${day},"Transfer ${p.ref}",${dollars(cents)},${dollars(p.id * 1000 + nextSeq())}\n`
    const up = await api('POST', `${OFM}/bank-statements`, {
      token: admin,
      body: { file_name: `model-${nextSeq()}.csv`, content: csv },
    })
    ok(up, 201)
    const [line] = await getDb()
      .select()
      .from(bankStatementLines)
      .where(eq(bankStatementLines.statement_id, up.body.data.id))
    expect(line).toMatchObject({ state: this.kind === 'rest' ? 'exact' : 'proposed', matched_id: p.id })
    const done = await api('POST', `${OFM}/bank-statements/lines/${line.id}/confirm`, { token: checker })
    ok(done)
    const [row] = await getDb()
      .select({ status: policies.status })
      .from(policies)
      .where(eq(policies.id, p.id))
    if (this.kind === 'part') {
      expect(row.status).toBe('PURCHASED')
      p.received += cents
      return
    }
    expect(row.status).toBe('PAYMENT_APPROVED')
    p.state = 'PAID'
    p.received = p.premium
    if (this.kind === 'over') await expectExcess(p.id, line.id, cents - rest)
  }
  toString = () => `StatementLine(${this.pick}, ${this.kind})`
}

/** The line's excess over the premium went to suspense, once. */
async function expectExcess(policyId: number, lineId: number, cents: number) {
  const [payment] = await getDb()
    .select({ id: policyPremiumPayments.id })
    .from(policyPremiumPayments)
    .where(eq(policyPremiumPayments.policy_id, policyId))
  const [t] = await getDb()
    .select()
    .from(moneyTransfers)
    .where(
      eq(moneyTransfers.idempotency_key, `premium-payment:${payment.id}:excess:statement-line-${lineId}`),
    )
  expect(t).toMatchObject({ amount: cents, code: 'OVERPAYMENT', state: 'POSTED' })
}
