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

/**
 * Finance reject the payment of an unpaid bank policy (a part first when none has arrived, so
 * rejections meet money in hand): what it received leaves the policy for suspense, where
 * ClearSuspense may then place it.
 */
export class RejectBankPayment implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = () => true
  async run(m: Model, r: Real) {
    const waiting = () =>
      m.policies.filter((p) => p.method === 'BANK' && p.state === 'UNPAID' && p.received > 0)
    if (!waiting().length) await new StatementLine(this.pick, 'part').run(m, r)
    const list = waiting()
    const p = list[this.pick % list.length]
    const done = await api('POST', `${OFM}/paymentReject`, {
      token: checker,
      body: { policyId: [p.id], reason: 'Model' },
    })
    ok(done)
    expect(done.body.data[0].heldInSuspenseCents).toBe(p.received)
    p.state = 'REJECTED'
    p.received = 0
  }
  toString = () => `RejectBankPayment(${this.pick})`
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

/**
 * Money of this agency held in suspense (a transfer or delivery over a premium) is placed: the
 * admin proposes, the checker approves; an allocation pays a waiting bank premium (in part or in
 * full), a credit raises the agency's balance, a refund or a write-off (within the default limit)
 * moves it out.
 */
export class ClearSuspense implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly action: 'ALLOCATE' | 'CREDIT_AGENCY' | 'REFUND' | 'WRITE_OFF',
  ) {}
  check = () => true
  async run(m: Model, r: Real) {
    let mine = await this.held(r)
    // Nothing held yet: a transfer over a premium puts some there first, so decisions meet it often.
    if (!mine.length) {
      await new StatementLine(this.pick, 'over').run(m, r)
      mine = await this.held(r)
    }
    const item = mine[this.pick % mine.length]
    // An allocation pays a bank premium still waiting (a part, or all it needs); none: a credit.
    const waiting = m.policies.filter((p) => p.method === 'BANK' && p.state === 'UNPAID')
    const target = this.action === 'ALLOCATE' ? waiting[this.pick % Math.max(1, waiting.length)] : undefined
    const action = this.action === 'ALLOCATE' && !target ? 'CREDIT_AGENCY' : this.action
    const cents =
      action === 'WRITE_OFF'
        ? Math.min(item.open, 2000)
        : target
          ? Math.min(item.open, target.premium - target.received)
          : item.open
    const proposed = await api('POST', `${OFM}/suspense/clearings`, {
      token: admin,
      body: {
        transfer_id: item.id,
        action,
        amount: dollars(cents),
        agency_id: action === 'CREDIT_AGENCY' ? r.agencyId : undefined,
        policy_ref: target?.ref,
        reason: 'Model',
      },
    })
    ok(proposed, 201)
    ok(
      await api('POST', `${OFM}/suspense/clearings/${proposed.body.data.id}/decision`, {
        token: checker,
        body: { decision: 'approve' },
      }),
    )
    if (action === 'CREDIT_AGENCY') m.balance += cents
    if (target) {
      target.received += cents
      if (target.received === target.premium) target.state = 'PAID'
    }
  }
  /** The agency's items still holding money in suspense. */
  async held(r: Real) {
    const list = await api('GET', `${OFM}/suspense`, { token: checker, query: { perPage: '100' } })
    ok(list)
    return (list.body.data.items as { id: number; open: number; agency_id: number | null }[]).filter(
      (i) => i.agency_id === r.agencyId,
    )
  }
  toString = () => `ClearSuspense(${this.pick}, ${this.action})`
}
