// A bank transfer short of or over a premium (issue 25, DESIGN.md §14: short stays due, over goes
// to suspense): proposed by its reference, confirmed by a person as a part payment or with the
// excess held, in one transaction with the line; the journal and the records agree throughout.
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { commissions, invoiceLineItems, invoices, moneyTransfers, policies } from '../../db/schema'
import { account } from '../../domain/money/accounts'
import { api, staffWith } from '../setup/api'
import {
  amountCsv,
  BS,
  checker,
  confirm,
  imported,
  linesOf,
  nextSeq,
  requestedTopup,
  setUpStatementFixtures,
  waitingPolicy,
} from '../setup/bank-statements'
import { expectBalanced, held, paymentOf } from '../setup/journal'

setUpStatementFixtures()

const statusOf = async (policyId: number) =>
  (await getDb().select().from(policies).where(eq(policies.id, policyId)))[0].status

const commissionOf = async (policyId: number) =>
  (await getDb().select().from(commissions).where(eq(commissions.policy_id, policyId)))[0].status

async function premiumInvoiceOf(policyId: number) {
  const [row] = await getDb()
    .selectDistinct({ status: invoices.status, outstanding: invoices.total_outstanding_amount })
    .from(invoices)
    .innerJoin(invoiceLineItems, eq(invoiceLineItems.invoice_id, invoices.id))
    .where(eq(invoiceLineItems.policy_id, policyId))
  return row
}

const line = async (narrative: string, amount: number) => {
  const statement = await imported(amountCsv([{ narrative, amount, balance: 5_000_000 + nextSeq() }]))
  return (await linesOf(statement.id))[0]
}

describe('a transfer short of the premium', () => {
  it('is proposed by its reference, taken as a part payment, and the rest completes the premium', async () => {
    const policy = await waitingPolicy()
    const premium = policy.premium!
    const short = await line(`OSHC ${policy.ref} first part`, premium - 5_000)
    expect(short).toMatchObject({ state: 'proposed', matched_kind: 'policy_payment', matched_id: policy.id })
    const view = await api('GET', `${BS}/${short.statement_id}`, { token: checker })
    expect(view.body.data.lines[0].target).toMatchObject({ amount_cents: premium, waiting: true })

    const part = await confirm(short.id)
    expect(part.status, JSON.stringify(part.body)).toBe(200)
    expect(part.body.data.policy).toMatchObject({
      outcome: 'part',
      status: 'PURCHASED',
      paymentStatus: 'REQUESTED',
      still_due_cents: 5_000,
    })
    expect(await statusOf(policy.id)).toBe('PURCHASED')
    expect(await paymentOf(policy.id)).toMatchObject({
      status: 'REQUESTED',
      received_amount: premium - 5_000,
    })
    expect(await commissionOf(policy.id)).toBe('PENDING')
    expect(await premiumInvoiceOf(policy.id)).toMatchObject({ status: 'PARTIALLY_PAID', outstanding: 5_000 })
    expect(await held(account.policyPremiumReceived(policy.id))).toBe(premium - 5_000)
    await expectBalanced(policy.agency_id)
    // Finance see the part received in the verification list.
    const waiting = await api('GET', '/oshc/finance-management/getPaymentVerificationPendingPolicies', {
      token: checker,
      query: { agency_id: String(policy.agency_id) },
    })
    expect(waiting.body.data.find((r: { id: number }) => r.id === policy.id)).toMatchObject({
      payment_received: (premium - 5_000) / 100,
      payment_still_due: 50,
    })

    // The rest, quoted by the reference, is an exact match of what is still due.
    const rest = await line(`OSHC ${policy.ref} the rest`, 5_000)
    expect(rest).toMatchObject({ state: 'exact', matched_id: policy.id })
    const paid = await confirm(rest.id)
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    expect(paid.body.data.policy).toMatchObject({ outcome: 'paid', status: 'PAYMENT_APPROVED' })
    expect(await statusOf(policy.id)).toBe('PAYMENT_APPROVED')
    expect(await paymentOf(policy.id)).toMatchObject({ status: 'PAID', received_amount: premium })
    expect(await commissionOf(policy.id)).toBe('COMMISSION_BANKED')
    expect(await premiumInvoiceOf(policy.id)).toMatchObject({ status: 'PAID', outstanding: 0 })
    expect(await held(account.policyPremiumReceived(policy.id))).toBe(premium)
    await expectBalanced(policy.agency_id)
    expect((await confirm(short.id)).status).toBe(409)
  })

  it('settles once when a part line and the proof are decided at the same time', async () => {
    const policy = await waitingPolicy()
    const premium = policy.premium!
    const short = await line(`Premium ${policy.ref}`, premium - 1_000)
    const other = await staffWith(['finance'])
    const [byLine, byProof] = await Promise.all([
      confirm(short.id),
      api('POST', '/oshc/finance-management/paymentApprove', { token: other, body: { policyId: policy.id } }),
    ])
    // The proof first: the line finds nothing waiting (409). The line first: the proof settles the rest.
    for (const r of [byLine, byProof]) expect([200, 409], JSON.stringify(r.body)).toContain(r.status)
    expect([byLine.status, byProof.status]).toContain(200)
    expect(await statusOf(policy.id)).toBe('PAYMENT_APPROVED')
    // Whichever came first, the premium is received once, in full, and the books agree.
    expect(await held(account.policyPremiumReceived(policy.id))).toBe(premium)
    expect(await paymentOf(policy.id)).toMatchObject({ status: 'PAID', received_amount: premium })
    await expectBalanced(policy.agency_id)
  })

  it('lets one of a part line and a rejection through when they are decided at the same time', async () => {
    const policy = await waitingPolicy()
    const premium = policy.premium!
    const short = await line(`Premium ${policy.ref} part`, premium - 2_000)
    const other = await staffWith(['finance'])
    const [byLine, byReject] = await Promise.all([
      confirm(short.id),
      api('POST', '/oshc/finance-management/paymentReject', {
        token: other,
        body: { policyId: [policy.id], reason: 'Not arrived' },
      }),
    ])
    // Serialized on the policy: the rejection first leaves nothing waiting for the line (409); the
    // line first is a part the rejection then holds in suspense. The rejection passes either way.
    expect(byReject.status, JSON.stringify(byReject.body)).toBe(200)
    expect([200, 409], JSON.stringify(byLine.body)).toContain(byLine.status)
    expect(await statusOf(policy.id)).toBe('PAYMENT_REJECTED')
    expect(await paymentOf(policy.id)).toMatchObject({
      status: 'REJECTED',
      received_amount: byLine.status === 200 ? premium - 2_000 : 0,
    })
    expect(await held(account.policyPremiumReceived(policy.id))).toBe(0)
    if (byLine.status === 409) expect((await linesOf(short.statement_id))[0].state).not.toBe('confirmed')
    await expectBalanced(policy.agency_id)
  })

  it('takes two part lines once each (the second confirmed twice at once), and the rest completes the premium', async () => {
    const policy = await waitingPolicy()
    const premium = policy.premium!
    const statement = await imported(
      amountCsv([
        { narrative: `${policy.ref} part one`, amount: 10_000, balance: 6_000_000 + nextSeq() },
        { narrative: `${policy.ref} part two`, amount: 20_000, balance: 6_000_000 + nextSeq() },
      ]),
    )
    const [one, two] = await linesOf(statement.id)
    // One line proposes the payment (one proposal per payment); the other waits.
    expect([one.state, two.state].sort()).toEqual(['proposed', 'unmatched'])
    const [proposed, other] = one.state === 'proposed' ? [one, two] : [two, one]
    expect((await confirm(proposed.id)).body.data.policy).toMatchObject({ outcome: 'part' })
    // A confirmed part holds nothing: the payment still waits, and the other line is assigned to it.
    const assigned = await api('POST', `${BS}/lines/${other.id}/assign`, {
      token: checker,
      body: { reference: policy.ref },
    })
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200)
    const [x, y] = await Promise.all([confirm(other.id), confirm(other.id)])
    expect([x.status, y.status].sort()).toEqual([200, 409])
    expect(await paymentOf(policy.id)).toMatchObject({ status: 'REQUESTED', received_amount: 30_000 })
    expect(await held(account.policyPremiumReceived(policy.id))).toBe(30_000)
    const rest = await line(`${policy.ref} the rest`, premium - 30_000)
    expect(rest).toMatchObject({ state: 'exact', matched_id: policy.id })
    expect((await confirm(rest.id)).body.data.policy).toMatchObject({ outcome: 'paid' })
    expect(await held(account.policyPremiumReceived(policy.id))).toBe(premium)
    await expectBalanced(policy.agency_id)
  })
})

describe('a transfer over the premium', () => {
  it('pays the premium and holds the excess in suspense, in one transaction with the line', async () => {
    const policy = await waitingPolicy()
    const premium = policy.premium!
    const suspenseBefore = await held(account.suspense)
    const over = await line(`${policy.ref} premium and more`, premium + 1_234)
    expect(over).toMatchObject({ state: 'proposed', matched_id: policy.id })
    const r = await confirm(over.id)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data.policy).toMatchObject({
      outcome: 'over',
      excess_cents: 1_234,
      status: 'PAYMENT_APPROVED',
    })
    expect(await held(account.policyPremiumReceived(policy.id))).toBe(premium)
    expect(await held(account.suspense)).toBe(suspenseBefore + 1_234)
    const payment = await paymentOf(policy.id)
    const [excess] = await getDb()
      .select()
      .from(moneyTransfers)
      .where(
        eq(moneyTransfers.idempotency_key, `premium-payment:${payment.id}:excess:statement-line-${over.id}`),
      )
    expect(excess).toMatchObject({ amount: 1_234, code: 'OVERPAYMENT', state: 'POSTED' })
    await expectBalanced(policy.agency_id)
  })

  it('is assigned by hand to a premium at another amount, never a top-up', async () => {
    const policy = await waitingPolicy()
    const typo = await line('PREMIUM P0L TYPO', policy.premium! + 500)
    const assigned = await api('POST', `${BS}/lines/${typo.id}/assign`, {
      token: checker,
      body: { reference: policy.ref },
    })
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200)
    expect(assigned.body.data).toMatchObject({ state: 'assigned', matched_id: policy.id })
    expect((await confirm(typo.id)).body.data.policy).toMatchObject({ outcome: 'over', excess_cents: 500 })

    const topup = await requestedTopup()
    const shortTopup = await line('Top up', topup.amount - 100)
    const refused = await api('POST', `${BS}/lines/${shortTopup.id}/assign`, {
      token: checker,
      body: { reference: `TOPUP-${topup.id}` },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.errors.reference[0]).toMatch(/: only a premium is taken short or over$/)
  })
})

describe('a payment rejected after a part of it arrived', () => {
  it('holds the part in suspense until two people refund it, and invoices the premium afresh in full', async () => {
    const policy = await waitingPolicy()
    const premium = policy.premium!
    const part = premium - 7_000
    const short = await line(`OSHC ${policy.ref} deposit`, part)
    expect((await confirm(short.id)).status).toBe(200)
    expect(await premiumInvoiceOf(policy.id)).toMatchObject({ status: 'PARTIALLY_PAID', outstanding: 7_000 })

    const reject = await api('POST', '/oshc/finance-management/paymentReject', {
      token: checker,
      body: { policyId: [policy.id], reason: 'The student withdrew' },
    })
    expect(reject.status, JSON.stringify(reject.body)).toBe(200)
    expect(await statusOf(policy.id)).toBe('PAYMENT_REJECTED')
    expect(await paymentOf(policy.id)).toMatchObject({ status: 'REJECTED', received_amount: part })
    expect(await commissionOf(policy.id)).toBe('PENDING')
    expect(await held(account.policyPremiumReceived(policy.id))).toBe(0)
    // The invoice paid in part is cancelled; a fresh one asks for the whole premium again.
    const issued = await getDb()
      .selectDistinct({
        id: invoices.id,
        status: invoices.status,
        outstanding: invoices.total_outstanding_amount,
      })
      .from(invoices)
      .innerJoin(invoiceLineItems, eq(invoiceLineItems.invoice_id, invoices.id))
      .where(eq(invoiceLineItems.policy_id, policy.id))
      .orderBy(invoices.id)
    expect(issued.map((i) => i.status === 'CANCELLED')).toEqual([true, false])
    expect(issued[1].outstanding).toBe(premium)
    await expectBalanced(policy.agency_id)

    // The part waits in suspense, refundable to the payer's bank, until a decision moves it.
    const list = await api('GET', '/oshc/finance-management/suspense', {
      token: checker,
      query: { perPage: '100' },
    })
    const item = list.body.data.items.find((i: { policy_id: number }) => i.policy_id === policy.id)
    expect(item, JSON.stringify(list.body)).toMatchObject({
      amount: part,
      open: part,
      source: 'clearing:bank',
      refundable: true,
    })
    const proposal = await api('POST', '/oshc/finance-management/suspense/clearings', {
      token: checker,
      body: {
        transfer_id: item.id,
        action: 'REFUND',
        amount: (part / 100).toFixed(2),
        reason: 'Student withdrew',
      },
    })
    expect(proposal.status, JSON.stringify(proposal.body)).toBe(201)
    const decide = (token: string) =>
      api('POST', `/oshc/finance-management/suspense/clearings/${proposal.body.data.id}/decision`, {
        token,
        body: { decision: 'approve' },
      })
    expect((await decide(checker)).status).toBe(403)
    expect((await decide(await staffWith(['finance']))).status).toBe(200)
    const after = await api('GET', '/oshc/finance-management/suspense', {
      token: checker,
      query: { state: 'all', perPage: '100' },
    })
    expect(after.body.data.items.find((i: { id: number }) => i.id === item.id)).toMatchObject({ open: 0 })
    await expectBalanced(policy.agency_id)
  })
})
