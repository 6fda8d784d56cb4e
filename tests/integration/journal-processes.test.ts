// Issue 22 step 2: each process posts to its own accounts in the money journal, in the same
// transaction as its record: premiums by card, NexPay (in parts) and bank, commission banking and
// a BANK payout, a refund by bank; and the premium-received floor refuses returning more.
import { createHmac } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray, like, sql } from 'drizzle-orm'
import { handleApiRequest } from '../../api/router.server'
import { getDb } from '../../db/client'
import {
  agencies,
  commissionPayoutItems,
  commissionPayouts,
  commissions,
  fullRefunds,
  moneyTransfers,
  policies,
} from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { applyCommissionPayoutDecision } from '../../domain/finance/payouts/payout-workflow-steps'
import { reconcileLedgers } from '../../domain/finance/reconciliation/reconcile-ledgers'
import { account } from '../../domain/money/accounts'
import { getAccount } from '../../domain/money/journal'
import { paySandboxCheckout } from '../../domain/card-payments/sandbox-checkout'
import { completeRefund } from '../../domain/refunds/full-refund-workflow-steps'
import { clock } from '../../domain/shared/clock'
import { config } from '../../domain/shared/config'
import { DomainError } from '../../domain/shared/errors'
import { agencyWithToken, api, staffToken } from '../setup/api'
import { staffActor } from '../setup/payouts'
import { held, paymentOf } from '../setup/journal'

const AFM = '/agencies/finance-management'
let staff: string
beforeAll(async () => {
  staff = await staffToken()
})

/** The journal's trial balance: posted (and pending) debits equal credits over every account. */
async function expectTrialBalance() {
  const { rows } = await getDb().execute<{ pd: string; pc: string; xd: string; xc: string }>(sql`
    select coalesce(sum(posted_debits), 0) as pd, coalesce(sum(posted_credits), 0) as pc,
      coalesce(sum(pending_debits), 0) as xd, coalesce(sum(pending_credits), 0) as xc from money_accounts`)
  expect(Number(rows[0].pd)).toBe(Number(rows[0].pc))
  expect(Number(rows[0].xd)).toBe(Number(rows[0].xc))
  // And every transfer posted equals on both sides by construction: the columns = the transfers.
  const { rows: off } = await getDb().execute<{ n: number }>(sql`
    select count(*)::int as n from money_accounts m where m.posted_debits <>
      coalesce((select sum(amount) from money_transfers t where t.debit_account_id = m.id and t.state = 'POSTED'), 0)
      or m.posted_credits <>
      coalesce((select sum(amount) from money_transfers t where t.credit_account_id = m.id and t.state = 'POSTED'), 0)`)
  expect(off[0].n).toBe(0)
}

const transfer = async (key: string) =>
  (await getDb().select().from(moneyTransfers).where(eq(moneyTransfers.idempotency_key, key)))[0]

const commissionOf = async (policyId: number) =>
  (await getDb().select().from(commissions).where(eq(commissions.policy_id, policyId)))[0]

/** Nothing of this agency's policies or commission disagrees with the business records. */
async function expectReconciled(agencyId: number) {
  const run = await reconcileLedgers({ db: getDb(), mail: async () => true, clock, trigger: 'test' })
  const mismatches = (run.mismatches ?? []) as { check: string; agency_id: number | null }[]
  const mine = mismatches.filter(
    (m) =>
      (m.check === 'journal_premium_received' || m.check === 'journal_commission_payable') &&
      m.agency_id === agencyId,
  )
  expect(mine).toEqual([])
}

/** A policy PURCHASED by bank (a REQUESTED payment with proof), then approved by staff. */
async function bankApproved(agencyId: number) {
  const { policy } = await createPolicy(getDb(), { agencyId, status: 'PURCHASED' })
  const r = await api('POST', '/oshc/finance-management/paymentApprove', {
    token: staff,
    body: { policyId: policy.id },
  })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return policy
}

describe('premium receipts post clearing -> premium received', () => {
  it('a card purchase: the premium from clearing:card, the commission banked, in one transaction', async () => {
    const { agency, token } = await agencyWithToken()
    await getDb().update(agencies).set({ is_card_surcharge_enabled: false }).where(eq(agencies.id, agency.id))
    const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
    const premium = policy.premium!
    const r = await api('POST', `${AFM}/purchasePolicy`, {
      token,
      body: { policy_id: policy.id, payment_type: 'CARD' },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const url = new URL(r.body.data.url)
    await paySandboxCheckout({
      sessionId: r.body.data.checkout_session_id,
      search: url.searchParams,
      cardNumber: '4242424242424242',
    })
    const cardBefore = await getAccount(getDb(), account.clearing('card'))
    const confirm = await api('POST', '/payments/stripeConfirmCheckout', {
      token,
      body: { checkout_session_id: r.body.data.checkout_session_id, policy_id: policy.id },
    })
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200)
    const payment = await paymentOf(policy.id)
    expect(payment).toMatchObject({ status: 'PAID', payment_type: 'CARD' })
    expect(await held(account.policyPremiumReceived(policy.id))).toBe(premium)
    const t = await transfer(`premium-payment:${payment.id}`)
    expect(t).toMatchObject({
      code: 'PREMIUM_PAID',
      amount: premium,
      policy_id: policy.id,
      payment_id: payment.id,
    })
    const cardAfter = await getAccount(getDb(), account.clearing('card'))
    expect(cardAfter!.posted_debits - (cardBefore?.posted_debits ?? 0)).toBe(premium)
    const c = await commissionOf(policy.id)
    expect(c.status).toBe('COMMISSION_BANKED')
    expect(await held(account.agencyCommissionPayable(agency.id))).toBe(c.amount)
    expect(await transfer(`commission-banked:${c.id}`)).toMatchObject({
      code: 'COMMISSION_BANKED',
      amount: c.amount,
    })
    // A second confirmation posts nothing more.
    await api('POST', '/payments/stripeConfirmCheckout', {
      token,
      body: { checkout_session_id: r.body.data.checkout_session_id, policy_id: policy.id },
    })
    expect(await held(account.policyPremiumReceived(policy.id))).toBe(premium)
    await expectTrialBalance()
    await expectReconciled(agency.id)
  })

  it('NexPay: a partial delivery posts what arrived, the rest when it arrives, the excess to suspense', async () => {
    const { agency, token } = await agencyWithToken()
    const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
    const r = await api('POST', `${AFM}/purchasePolicy`, {
      token,
      body: { policy_id: policy.id, payment_type: 'NEXPAY' },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const due = (await paymentOf(policy.id)).amount
    const send = async (id: string, cents: number) => {
      const raw = JSON.stringify({
        Id: id,
        Status: 'PAID',
        PayoutDetails: { Reference: policy.ref, Amount: (cents / 100).toFixed(2), Currency: 'AUD' },
      })
      const t = Math.floor(Date.now() / 1000)
      const sig = createHmac('sha256', config().nexpayWebhookSecret).update(`${t}.${raw}`).digest('hex')
      const res = await handleApiRequest(
        new Request('http://test.local/api/webhook/nexpay/v1', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-nexpay-signature': `t=${t},v1=${sig}` },
          body: raw,
        }),
      )
      expect(res.status).toBe(200)
      return ((await res.json()) as { data: { outcome: string } }).data.outcome
    }
    const payment = await paymentOf(policy.id)
    expect(await send(`jp-part-${policy.id}`, 100_00)).toMatch(/^partial/)
    expect(await held(account.policyPremiumReceived(policy.id))).toBe(100_00)
    expect(await transfer(`premium-payment:${payment.id}:delivery:jp-part-${policy.id}`)).toMatchObject({
      code: 'PREMIUM_PAID',
      amount: 100_00,
    })
    expect(await held(account.agencyCommissionPayable(agency.id))).toBe(0)
    await expectTrialBalance()
    await expectReconciled(agency.id)
    // A repeated delivery changes nothing.
    await send(`jp-part-${policy.id}`, 100_00)
    expect(await held(account.policyPremiumReceived(policy.id))).toBe(100_00)

    expect(await send(`jp-rest-${policy.id}`, due - 100_00 + 5_00)).toMatch(/^settled: A\$5\.00 over/)
    expect(await held(account.policyPremiumReceived(policy.id))).toBe(due)
    expect(await transfer(`premium-payment:${payment.id}`)).toMatchObject({ amount: due - 100_00 })
    expect(await transfer(`premium-payment:${payment.id}:excess:jp-rest-${policy.id}`)).toMatchObject({
      code: 'OVERPAYMENT',
      amount: 5_00,
    })
    const c = await commissionOf(policy.id)
    expect(c.status).toBe('COMMISSION_BANKED')
    expect(await held(account.agencyCommissionPayable(agency.id))).toBe(c.amount)
    const nexpay = await getDb()
      .select({ amount: moneyTransfers.amount })
      .from(moneyTransfers)
      .where(like(moneyTransfers.idempotency_key, `premium-payment:${payment.id}%`))
    expect(nexpay.reduce((s, x) => s + x.amount, 0)).toBe(due + 5_00)
    await expectTrialBalance()
    await expectReconciled(agency.id)
  })

  it('a bank proof approved by staff posts clearing:bank -> premium received and banks the commission', async () => {
    const { agency } = await agencyWithToken()
    const policy = await bankApproved(agency.id)
    const payment = await paymentOf(policy.id)
    expect(payment.status).toBe('PAID')
    expect(await held(account.policyPremiumReceived(policy.id))).toBe(payment.amount)
    const t = await transfer(`premium-payment:${payment.id}`)
    const [bank] = await getDb()
      .execute<{ id: number }>(sql`select id from money_accounts where code = 'clearing:bank'`)
      .then((r) => r.rows)
    expect(t.debit_account_id).toBe(bank.id)
    const c = await commissionOf(policy.id)
    expect(await held(account.agencyCommissionPayable(agency.id))).toBe(c.amount)
    await expectTrialBalance()
    await expectReconciled(agency.id)
  })
})

describe('commission banked, then paid out by bank', () => {
  it('banking credits commission payable; a BANK payout (with GST) empties it through clearing:bank', async () => {
    const { agency } = await agencyWithToken()
    const one = await bankApproved(agency.id)
    const two = await bankApproved(agency.id)
    const comms = await getDb()
      .select()
      .from(commissions)
      .where(inArray(commissions.policy_id, [one.id, two.id]))
    const banked = comms.reduce((s, c) => s + c.amount, 0)
    expect(await held(account.agencyCommissionPayable(agency.id))).toBe(banked)
    const gst = Math.round(banked / 10)
    const [payout] = await getDb()
      .insert(commissionPayouts)
      .values({
        agency_id: agency.id,
        external_invoice_id: `JP-${agency.id}`,
        commission_amount: banked,
        gst_rate: '10.00',
        gst_amount: gst,
        total_amount: banked + gst,
      })
      .returning()
    await getDb()
      .insert(commissionPayoutItems)
      .values(
        comms.map((c) => ({
          payout_id: payout.id,
          commission_id: c.id,
          policy_id: c.policy_id,
          amount: c.amount,
        })),
      )
    await getDb()
      .update(commissions)
      .set({ status: 'PAYOUT_REQUESTED' })
      .where(
        inArray(
          commissions.id,
          comms.map((c) => c.id),
        ),
      )
    // Requested is still payable.
    await expectReconciled(agency.id)
    const by = await staffActor()
    const bankBefore = await getAccount(getDb(), account.clearing('bank'))
    await applyCommissionPayoutDecision({
      payoutId: payout.id,
      decision: {
        kind: 'approve',
        payment_type: 'BANK',
        bank_document: 'private/payout.pdf',
        by: { identityId: by.identityId, userId: by.userId, email: by.email },
      },
    })
    expect(await held(account.agencyCommissionPayable(agency.id))).toBe(0)
    expect(await transfer(`payout:${payout.id}`)).toMatchObject({ code: 'PAYOUT', amount: banked + gst })
    expect(await transfer(`payout:${payout.id}:gst`)).toMatchObject({ code: 'GST', amount: gst })
    const bankAfter = await getAccount(getDb(), account.clearing('bank'))
    expect(bankAfter!.posted_credits - (bankBefore?.posted_credits ?? 0)).toBe(banked + gst)
    expect(
      (
        await getDb()
          .select()
          .from(commissions)
          .where(
            inArray(
              commissions.id,
              comms.map((c) => c.id),
            ),
          )
      ).map((c) => c.status),
    ).toEqual(['PAID', 'PAID'])
    await expectTrialBalance()
    await expectReconciled(agency.id)
  })
})

describe('refunds paid outside the balance', () => {
  /** A refund APPROVED by staff, paid by bank transfer, as the workflow then completes it. */
  async function approvedRefund(policyId: number, agencyId: number, refundable: number) {
    const by = await staffActor()
    const [r] = await getDb()
      .insert(fullRefunds)
      .values({
        policy_id: policyId,
        agency_id: agencyId,
        status: 'APPROVED',
        reason: 'Visa refused',
        refundable_premium_amount: refundable,
        deductable_commission_amount: 0,
        is_full_refund: true,
        payment_method: 'BANK',
        payment_url: 'private/refund-transfer.pdf',
        decided_by: by.identityId,
      })
      .returning()
    await getDb().update(policies).set({ status: 'FULL_REFUND_APPROVED' }).where(eq(policies.id, policyId))
    return r
  }

  it('a bank refund returns the premium to clearing:bank and cancels the banked commission', async () => {
    const { agency } = await agencyWithToken()
    const policy = await bankApproved(agency.id)
    const premium = (await paymentOf(policy.id)).amount
    const c = await commissionOf(policy.id)
    const r = await approvedRefund(policy.id, agency.id, premium)
    await completeRefund({ refundId: r.id, workflowId: `jp-refund-${r.id}` })
    const [done] = await getDb().select().from(fullRefunds).where(eq(fullRefunds.id, r.id))
    expect(done.status).toBe('COMPLETED')
    expect(await held(account.policyPremiumReceived(policy.id))).toBe(0)
    expect(await transfer(`full-refund:${r.id}`)).toMatchObject({ code: 'REFUND', amount: premium })
    expect((await commissionOf(policy.id)).status).toBe('FULL_REFUNDED')
    expect(await held(account.agencyCommissionPayable(agency.id))).toBe(0)
    expect(await transfer(`commission-cancelled:${c.id}`)).toMatchObject({
      code: 'CLAWBACK',
      amount: c.amount,
    })
    await expectTrialBalance()
    await expectReconciled(agency.id)
  })

  it('the floor refuses a refund of more than was received (409), and nothing of it is written', async () => {
    const { agency } = await agencyWithToken()
    const policy = await bankApproved(agency.id)
    const premium = (await paymentOf(policy.id)).amount
    // Written behind the use case's own limit: the journal's floor is the backstop.
    const r = await approvedRefund(policy.id, agency.id, premium + 1)
    const err = await completeRefund({ refundId: r.id, workflowId: `jp-refund-${r.id}` }).catch(
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(DomainError)
    expect((err as DomainError).code).toBe('CONFLICT')
    expect((err as DomainError).message).toBe(
      'A refund or credit can only return what was received for the policy and not yet returned',
    )
    const [still] = await getDb().select().from(fullRefunds).where(eq(fullRefunds.id, r.id))
    expect(still.status).toBe('APPROVED')
    expect(await held(account.policyPremiumReceived(policy.id))).toBe(premium)
    expect(await transfer(`full-refund:${r.id}`)).toBeUndefined()
    expect(
      (
        await getDb()
          .select()
          .from(moneyTransfers)
          .where(and(eq(moneyTransfers.refund_id, r.id)))
      ).length,
    ).toBe(0)
    await expectTrialBalance()
  })
})

describe('migration 0029 backfill', () => {
  it('adds nothing over what the processes posted (same keys), however often it runs', async () => {
    class Rollback extends Error {}
    const before = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(moneyTransfers)
    const added = await getDb()
      .transaction(async (tx) => {
        await tx.execute(sql`select money_journal_backfill_processes()`)
        await tx.execute(sql`select money_journal_backfill_processes()`)
        const rows = await tx
          .select({ key: moneyTransfers.idempotency_key, amount: moneyTransfers.amount })
          .from(moneyTransfers)
          .where(
            sql`${moneyTransfers.id} > (select max(id) from money_transfers where actor <> 'migration:0029')`,
          )
        throw new Rollback(JSON.stringify(rows))
      })
      .catch((e: unknown) => {
        if (e instanceof Rollback) return JSON.parse(e.message) as { key: string; amount: number }[]
        throw e
      })
    expect(added).toEqual([])
    const after = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(moneyTransfers)
    expect(after[0].n).toBe(before[0].n)
  })
})
