import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../db/client'
import {
  agencies,
  agencyBalances,
  cardDisputes,
  cardPayments,
  invoices,
  notifications,
  policies,
  policyHistories,
  tasks,
} from '../../db/schema'
import { moneyTransfers } from '../../db/schema/journal'
import { createPolicy } from '../../db/seed/factories'
import { postBalanceEntry } from '../../domain/finance/ledger/ledger'
import { reconcileLedgers } from '../../domain/finance/reconciliation/reconcile-ledgers'
import { account } from '../../domain/money/accounts'
import { getAccount } from '../../domain/money/journal'
import { policyMoneyTrail } from '../../domain/money/reads'
import { cardDisputeKeys, cardDisputeTaskId } from '../../domain/card-payments/card-disputes.rules'
import { clock } from '../../domain/shared/clock'
import * as disputesPage from '../../app/routes/staff+/finance.disputes'
import { agencyWithToken, api, staffToken, staffWith } from '../setup/api'
import { stripeStandIn, type DisputeFields } from '../setup/stripe-stand-in'

/**
 * Card disputes (chargebacks) through Stripe's signed webhook: the dispute holds what the card
 * holder takes back on the journal (PENDING), its close posts (lost) or voids (won) it.
 */
const WEBHOOK_SECRET = 'whsec_card_disputes_test'
const stripe = stripeStandIn(WEBHOOK_SECRET)
const ORIGIN = 'http://test.local'

let staff: string
beforeAll(async () => {
  staff = await staffToken()
})

let seq = 0
const disputeId = () => `dp_test_${Date.now()}_${++seq}`

/** Delivers a signed dispute event through POST /api/webhook/stripe. */
async function dispute(type: 'created' | 'closed' | 'updated', d: DisputeFields) {
  const r = await stripe.deliver(stripe.disputeEvent(`charge.dispute.${type}`, d))
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body.data as {
    handled: boolean
    card_dispute_id: number
    created?: boolean
    closed?: boolean
    status?: string
  }
}

const disputeRow = async (gatewayId: string) =>
  (await getDb().select().from(cardDisputes).where(eq(cardDisputes.gateway_dispute_id, gatewayId)))[0]
const transfer = async (key: string) =>
  (await getDb().select().from(moneyTransfers).where(eq(moneyTransfers.idempotency_key, key)))[0]
const tasksOf = (disputeRowId: number) =>
  getDb()
    .select()
    .from(tasks)
    .where(eq(tasks.workflow_id, cardDisputeTaskId(disputeRowId)))
const balanceOf = async (agencyId: number) =>
  (await getDb().select().from(agencyBalances).where(eq(agencyBalances.agency_id, agencyId)))[0].balance
const spendable = async (agencyId: number) =>
  (await getAccount(getDb(), account.agencyBalance(agencyId)))!.spendable
const received = async (policyId: number) => {
  const a = await getAccount(getDb(), account.policyPremiumReceived(policyId))
  return { balance: a!.balance, pending_debits: a!.pending_debits }
}

/** The nightly reconciliation finds nothing wrong anywhere. */
async function expectReconciled() {
  const run = await reconcileLedgers({ db: getDb(), mail: async () => true, clock, trigger: 'test' })
  expect(run.mismatches ?? []).toEqual([])
}

/** A policy whose premium an agency paid by card through Stripe (settled by the webhook). */
async function policyPaidByCard(opts: { surcharge?: boolean } = {}) {
  const { agency, token } = await agencyWithToken()
  if (opts.surcharge)
    await getDb().update(agencies).set({ is_card_surcharge_enabled: true }).where(eq(agencies.id, agency.id))
  const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
  const checkout = await api('POST', '/payments/stripeCheckout', { token, body: { policy_id: policy.id } })
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200)
  const [open] = await getDb().select().from(cardPayments).where(eq(cardPayments.policy_id, policy.id))
  const session = stripe.sessions.get(open.gateway_session_id)!
  session.paid = true
  const settled = await stripe.deliver(stripe.completed(open.gateway_session_id))
  expect(settled.status, JSON.stringify(settled.body)).toBe(200)
  const [card] = await getDb().select().from(cardPayments).where(eq(cardPayments.id, open.id))
  expect(card).toMatchObject({ status: 'PAID', gateway_payment_id: session.payment_intent })
  return { agency, token, policy, card }
}

/** A card top-up paid through Stripe and credited by the webhook. */
async function topupPaidByCard(token: string, agencyId: number, dollars: number) {
  const r = await api('POST', '/agencies/finance-management/doTopUpByAgency', {
    token,
    body: { agency_id: agencyId, payment_method: 'CARD', amount: dollars },
  })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  const sessionId = r.body.data.checkout.checkout_session_id as string
  stripe.sessions.get(sessionId)!.paid = true
  expect((await stripe.deliver(stripe.completed(sessionId))).status).toBe(200)
  const [card] = await getDb()
    .select()
    .from(cardPayments)
    .where(eq(cardPayments.gateway_session_id, sessionId))
  expect(card.status).toBe('PAID')
  expect(card.gateway_payment_id).toBe(stripe.sessions.get(sessionId)!.payment_intent)
  return card
}

describe('a disputed policy premium paid by card', () => {
  it('is held when disputed (once), taken for good when lost, and the books still reconcile', async () => {
    const { policy, card } = await policyPaidByCard()
    const premium = card.amount_paid! - card.surcharge_amount
    const before = await received(policy.id)
    expect(before).toEqual({ balance: premium, pending_debits: 0 })
    const clearingBefore = (await getAccount(getDb(), account.clearing('card')))!

    // The card holder disputes more than was paid: at most what was paid is held.
    const d: DisputeFields = {
      id: disputeId(),
      payment_intent: card.gateway_payment_id,
      amount: card.amount_paid! + 5_000,
      reason: 'fraudulent',
    }
    const opened = await dispute('created', d)
    expect(opened).toMatchObject({ handled: true, created: true, status: 'OPEN' })
    const row = await disputeRow(d.id)
    expect(row).toMatchObject({
      card_payment_id: card.id,
      policy_id: policy.id,
      status: 'OPEN',
      amount: card.amount_paid! + 5_000,
      currency: 'AUD',
      reason: 'fraudulent',
      held_account: account.policyPremiumReceived(policy.id),
      held_amount: premium,
      held_surcharge: card.surcharge_amount,
      closed_at: null,
    })
    expect(await transfer(cardDisputeKeys.held(row.id))).toMatchObject({
      state: 'PENDING',
      code: 'CHARGEBACK',
      amount: premium,
      policy_id: policy.id,
    })
    // Held, not gone: premium received keeps its posted figure, the hold counts against its floor.
    expect(await received(policy.id)).toEqual({ balance: premium, pending_debits: premium })
    const clearing = (await getAccount(getDb(), account.clearing('card')))!
    expect(clearing.pending_credits - clearingBefore.pending_credits).toBe(card.amount_paid)
    const [task] = await tasksOf(row.id)
    expect(task).toMatchObject({ kind: 'card_dispute', audience: 'staff', closed_at: null })
    expect(task.subject).toContain(d.id)
    expect(task.subject).toContain('held from the policy')
    const [note] = await getDb()
      .select()
      .from(notifications)
      .where(eq(notifications.event_type, 'PAYMENT_DISPUTE_OPENED'))
    expect(note.link).toBe(`/staff/finance/disputes?dispute=${row.id}`)
    // The policy's money trail shows the hold as awaiting.
    const trail = await policyMoneyTrail(getDb(), policy.id)
    expect(trail.find((l) => l.code === 'CHARGEBACK')).toMatchObject({
      state: 'PENDING',
      state_label: 'Awaiting approval',
      from_label: 'Premium received',
      to_label: 'Card payments',
    })

    // Stripe repeats events: nothing changes.
    expect(await dispute('created', d)).toMatchObject({ created: false, card_dispute_id: row.id })
    expect(
      await getDb().select().from(cardDisputes).where(eq(cardDisputes.card_payment_id, card.id)),
    ).toHaveLength(1)
    expect(await tasksOf(row.id)).toHaveLength(1)
    expect(await received(policy.id)).toEqual({ balance: premium, pending_debits: premium })
    await expectReconciled()

    // Lost: the card holder took the premium back.
    const [{ status: policyStatus }] = await getDb()
      .select({ status: policies.status })
      .from(policies)
      .where(eq(policies.id, policy.id))
    const lost = await dispute('closed', { ...d, status: 'lost' })
    expect(lost).toMatchObject({ closed: true, status: 'LOST' })
    expect(await transfer(cardDisputeKeys.held(row.id))).toMatchObject({ state: 'POSTED' })
    expect(await received(policy.id)).toEqual({ balance: 0, pending_debits: 0 })
    const closed = await disputeRow(d.id)
    expect(closed.status).toBe('LOST')
    expect(closed.closed_at).not.toBeNull()
    expect((await tasksOf(row.id))[0]).toMatchObject({ outcome: 'lost' })
    expect((await tasksOf(row.id))[0].closed_at).not.toBeNull()
    const history = await getDb()
      .select()
      .from(policyHistories)
      .where(and(eq(policyHistories.policy_id, policy.id), eq(policyHistories.action, 'CARD_DISPUTE_LOST')))
    expect(history).toHaveLength(1)
    expect(history[0].note).toMatch(/took the premium back/)
    const [after] = await getDb()
      .select({ status: policies.status })
      .from(policies)
      .where(eq(policies.id, policy.id))
    expect(after.status).toBe(policyStatus)
    expect(
      await getDb()
        .select()
        .from(notifications)
        .where(eq(notifications.event_type, 'PAYMENT_DISPUTE_CLOSED')),
    ).toHaveLength(1)
    // A repeated close changes nothing; the business view agrees with the journal.
    expect(await dispute('closed', { ...d, status: 'lost' })).toMatchObject({ closed: false, status: 'LOST' })
    expect(await received(policy.id)).toEqual({ balance: 0, pending_debits: 0 })
    await expectReconciled()
  })

  it('is released when won: the hold is voided and the premium stays received', async () => {
    const { policy, card } = await policyPaidByCard()
    const premium = card.amount_paid! - card.surcharge_amount
    const d: DisputeFields = { id: disputeId(), payment_intent: card.gateway_payment_id, amount: 10_00 }
    await dispute('created', d)
    const row = await disputeRow(d.id)
    expect(row).toMatchObject({ held_amount: 10_00, held_surcharge: 0 })
    expect(await received(policy.id)).toEqual({ balance: premium, pending_debits: 10_00 })
    // A later status change is kept without moving money.
    expect(await dispute('updated', { ...d, status: 'under_review' })).toMatchObject({ handled: true })
    expect((await disputeRow(d.id)).gateway_status).toBe('under_review')

    const won = await dispute('closed', { ...d, status: 'won' })
    expect(won).toMatchObject({ closed: true, status: 'WON' })
    expect(await transfer(cardDisputeKeys.held(row.id))).toMatchObject({ state: 'VOIDED' })
    expect(await received(policy.id)).toEqual({ balance: premium, pending_debits: 0 })
    expect((await tasksOf(row.id))[0]).toMatchObject({ outcome: 'won' })
    await expectReconciled()
  })
})

describe('a disputed policy premium with a card surcharge', () => {
  it('holds the premium from premium received and the surcharge from the surcharges; lost takes both', async () => {
    const { policy, card } = await policyPaidByCard({ surcharge: true })
    expect(card.surcharge_amount).toBeGreaterThan(0)
    const premium = card.amount_paid! - card.surcharge_amount
    const surchargesBefore = (await getAccount(getDb(), account.house('surcharge')))!
    const d: DisputeFields = {
      id: disputeId(),
      payment_intent: card.gateway_payment_id,
      amount: card.amount_paid!,
    }
    await dispute('created', d)
    const row = await disputeRow(d.id)
    expect(row).toMatchObject({ held_amount: premium, held_surcharge: card.surcharge_amount })
    expect(await transfer(cardDisputeKeys.surcharge(row.id))).toMatchObject({
      state: 'PENDING',
      amount: card.surcharge_amount,
    })
    await dispute('closed', { ...d, status: 'lost' })
    expect(await received(policy.id)).toEqual({ balance: 0, pending_debits: 0 })
    const surcharges = (await getAccount(getDb(), account.house('surcharge')))!
    expect(surcharges.posted_debits - surchargesBefore.posted_debits).toBe(card.surcharge_amount)
    await expectReconciled()
  })
})

describe('a disputed card top-up', () => {
  it("holds the agency's balance at once; won gives it back, lost keeps it taken", async () => {
    const { agency, token } = await agencyWithToken()
    const first = await topupPaidByCard(token, agency.id, 100)
    const second = await topupPaidByCard(token, agency.id, 60)
    expect(await balanceOf(agency.id)).toBe(160_00)

    const won: DisputeFields = { id: disputeId(), payment_intent: first.gateway_payment_id, amount: 100_00 }
    await dispute('created', won)
    const wonRow = await disputeRow(won.id)
    expect(wonRow).toMatchObject({
      topup_id: first.topup_id,
      agency_id: agency.id,
      held_account: account.agencyBalance(agency.id),
      held_amount: 100_00,
    })
    // The spendable balance falls at once, in the projection and the journal.
    expect(await balanceOf(agency.id)).toBe(60_00)
    expect(await spendable(agency.id)).toBe(60_00)
    expect(await transfer(cardDisputeKeys.held(wonRow.id))).toMatchObject({
      state: 'PENDING',
      code: 'CHARGEBACK',
    })
    await dispute('created', won)
    expect(await balanceOf(agency.id)).toBe(60_00)
    await expectReconciled()

    await dispute('closed', { ...won, status: 'won' })
    expect(await balanceOf(agency.id)).toBe(160_00)
    expect(await spendable(agency.id)).toBe(160_00)
    expect(await transfer(cardDisputeKeys.held(wonRow.id))).toMatchObject({ state: 'VOIDED' })
    await expectReconciled()

    const lost: DisputeFields = { id: disputeId(), payment_intent: second.gateway_payment_id, amount: 60_00 }
    await dispute('created', lost)
    expect(await balanceOf(agency.id)).toBe(100_00)
    await dispute('closed', { ...lost, status: 'lost' })
    const lostRow = await disputeRow(lost.id)
    expect(lostRow.status).toBe('LOST')
    expect(await transfer(cardDisputeKeys.held(lostRow.id))).toMatchObject({ state: 'POSTED' })
    expect(await balanceOf(agency.id)).toBe(100_00)
    expect(await spendable(agency.id)).toBe(100_00)
    await expectReconciled()
  })

  it('is held from suspense when the agency already spent the money, and the task says so', async () => {
    const { agency, token } = await agencyWithToken()
    const card = await topupPaidByCard(token, agency.id, 50)
    await getDb().transaction((tx) =>
      postBalanceEntry(tx, { agencyId: agency.id, type: 'INVOICE_PAYMENT', amount: -40_00, actor: 'test' }),
    )
    const d: DisputeFields = { id: disputeId(), payment_intent: card.gateway_payment_id, amount: 50_00 }
    await dispute('created', d)
    const row = await disputeRow(d.id)
    expect(row).toMatchObject({ held_account: 'suspense', held_amount: 50_00 })
    expect(await balanceOf(agency.id)).toBe(10_00)
    expect((await tasksOf(row.id))[0].subject).toMatch(/held from suspense/)
    await dispute('closed', { ...d, status: 'lost' })
    expect(await transfer(cardDisputeKeys.held(row.id))).toMatchObject({ state: 'POSTED' })
    expect(await balanceOf(agency.id)).toBe(10_00)
    await expectReconciled()
  })
})

describe('other disputes', () => {
  it("holds an invoice's card payment from the invoice's payments", async () => {
    const { agency, token } = await agencyWithToken()
    const made = await api('POST', '/payment-system/invoice/createInvoiceWithLineItems', {
      token: staff,
      body: { line_item_type: 'PREMIUM', total_amount: 80, agency_id: agency.id },
    })
    const invoiceId = made.body.data.invoice_id as number
    const [inv] = await getDb().select().from(invoices).where(eq(invoices.id, invoiceId))
    const r = await api('POST', '/payment-system/invoice-payment/createInvoicePayment', {
      token,
      body: { invoice_id: invoiceId, total_amount: inv.total_amount_due / 100, payment_method: 'CARD' },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    const sessionId = r.body.data.intent.payment_secret as string
    stripe.sessions.get(sessionId)!.paid = true
    expect((await stripe.deliver(stripe.completed(sessionId))).status).toBe(200)
    const d: DisputeFields = {
      id: disputeId(),
      payment_intent: stripe.sessions.get(sessionId)!.payment_intent,
      amount: inv.total_amount_due,
      reason: 'duplicate',
    }
    await dispute('created', d)
    const row = await disputeRow(d.id)
    expect(row).toMatchObject({
      invoice_id: invoiceId,
      held_account: account.invoicePayments(invoiceId),
      held_amount: inv.total_amount_due,
    })
    await dispute('closed', { ...d, status: 'won' })
    expect(await transfer(cardDisputeKeys.held(row.id))).toMatchObject({ state: 'VOIDED' })
    await expectReconciled()
  })

  it('acknowledges a dispute of a payment the product does not know, holds nothing and tells staff', async () => {
    const d: DisputeFields = { id: disputeId(), payment_intent: 'pi_not_ours', amount: 123_45 }
    const opened = await dispute('created', d)
    expect(opened).toMatchObject({ handled: true, created: true })
    const row = await disputeRow(d.id)
    expect(row).toMatchObject({ card_payment_id: null, held_account: null, held_amount: 0, status: 'OPEN' })
    const [task] = await tasksOf(row.id)
    expect(task.subject).toMatch(/does not know/)
    expect(await transfer(cardDisputeKeys.held(row.id))).toBeUndefined()
    expect(await dispute('created', d)).toMatchObject({ created: false })
    expect(await tasksOf(row.id)).toHaveLength(1)
    await dispute('closed', { ...d, status: 'lost' })
    expect(await disputeRow(d.id)).toMatchObject({ status: 'LOST' })
    expect((await tasksOf(row.id))[0].closed_at).not.toBeNull()
  })

  it('finds through Stripe a payment settled before card payments recorded their PaymentIntent', async () => {
    const { policy, card } = await policyPaidByCard()
    await getDb().update(cardPayments).set({ gateway_payment_id: null }).where(eq(cardPayments.id, card.id))
    const d: DisputeFields = { id: disputeId(), payment_intent: card.gateway_payment_id, amount: 3_00 }
    await dispute('created', d)
    expect(await disputeRow(d.id)).toMatchObject({
      card_payment_id: card.id,
      policy_id: policy.id,
      held_amount: 3_00,
    })
    const [linked] = await getDb().select().from(cardPayments).where(eq(cardPayments.id, card.id))
    expect(linked.gateway_payment_id).toBe(card.gateway_payment_id)
  })

  it('refuses a bad signature (401) and records nothing', async () => {
    const d: DisputeFields = { id: disputeId(), payment_intent: 'pi_whatever', amount: 1_00 }
    const payload = stripe.disputeEvent('charge.dispute.created', d)
    const r = await stripe.deliver(payload, stripe.signed(payload, 'whsec_someone_else'))
    expect(r.status).toBe(401)
    expect(await disputeRow(d.id)).toBeUndefined()
  })
})

describe('the card disputes page', () => {
  const get = (path: string, token: string) =>
    new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })
  const load = (path: string, token: string) =>
    disputesPage.loader({ request: get(path, token), params: {}, context: {} })
  async function statusOf(run: () => Promise<unknown>) {
    try {
      await run()
      return 'passed'
    } catch (err) {
      if (err instanceof Response) return err.status
      throw err
    }
  }

  it('lists disputes open first for staff holding finance; others are refused', async () => {
    const { policy, card } = await policyPaidByCard()
    const closedOne: DisputeFields = {
      id: disputeId(),
      payment_intent: card.gateway_payment_id,
      amount: 5_00,
    }
    await dispute('created', closedOne)
    await dispute('closed', { ...closedOne, status: 'won' })
    const openOne: DisputeFields = { id: disputeId(), payment_intent: card.gateway_payment_id, amount: 7_00 }
    await dispute('created', openOne)
    const row = await disputeRow(openOne.id)

    const page = await load(`/staff/finance/disputes?dispute=${row.id}&perPage=100`, staff)
    expect(page.marked).toBe(row.id)
    const statuses = page.rows.map((r) => r.status)
    expect(statuses.indexOf('OPEN')).toBe(0)
    expect(statuses.lastIndexOf('OPEN')).toBeLessThan(
      Math.max(statuses.indexOf('WON'), statuses.indexOf('LOST')),
    )
    const mine = page.rows.find((r) => r.id === row.id)!
    expect(mine).toMatchObject({
      gateway_dispute_id: openOne.id,
      about: { kind: 'policy', id: policy.id },
      amount: 7_00,
      currency: 'AUD',
      held_amount: 7_00,
      held_from: 'Premium received',
      reason_label: 'Fraudulent',
      status_label: 'Open',
      closed_at: null,
    })
    const closedRows = (await load('/staff/finance/disputes?status=WON&perPage=100', staff)).rows
    expect(closedRows.some((r) => r.gateway_dispute_id === closedOne.id)).toBe(true)
    expect(closedRows.every((r) => r.status === 'WON')).toBe(true)

    const { token: agencyToken } = await agencyWithToken()
    const otherStaff = await staffWith(['policy_management'])
    const financeStaff = await staffWith(['finance'])
    expect(await statusOf(() => load('/staff/finance/disputes', agencyToken))).toBe(403)
    expect(await statusOf(() => load('/staff/finance/disputes', otherStaff))).toBe(403)
    expect(await statusOf(() => load('/staff/finance/disputes', financeStaff))).toBe('passed')
  })
  it('answers the same list through the API in AUD to staff holding finance; others are refused', async () => {
    const { card } = await policyPaidByCard()
    const one: DisputeFields = { id: disputeId(), payment_intent: card.gateway_payment_id, amount: 12_34 }
    await dispute('created', one)
    const call = (token: string, query: Record<string, string> = {}) =>
      api('GET', '/oshc/finance-management/getCardDisputes', { token, query: { perPage: '100', ...query } })
    const r = await call(staff, { status: 'OPEN' })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(
      r.body.data.find((d: { gateway_dispute_id: string }) => d.gateway_dispute_id === one.id),
    ).toMatchObject({
      amount: 12.34,
      held_amount: 12.34,
      status: 'OPEN',
    })
    expect(r.body.pageInfo.total).toBeGreaterThan(0)
    const { token: agencyToken } = await agencyWithToken()
    expect((await call(agencyToken)).status).toBe(403)
    expect((await call(await staffWith(['policy_management']))).status).toBe(403)
  })
})
