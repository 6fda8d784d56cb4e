import { and, eq, inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../db/client'
import {
  agencyBalances,
  agencyConfigurations,
  bnplPaymentRequestItems,
  bnplPaymentRequests,
  bnplTransactions,
  commissions,
  files,
  financeRequestHistories,
  invoiceLineItems,
  invoicePayments,
  invoices,
  notificationReceivers,
  notifications,
  policyPremiumPayments,
  tasks,
} from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { findOutbox, sendMail } from '../../domain/mail/mailer'
import { bnplSettlementKey, postBalanceEntry } from '../../domain/finance/ledger/ledger'
import { account } from '../../domain/money/accounts'
import { getAccount } from '../../domain/money/journal'
import { moneyTransfers } from '../../db/schema/journal'
import { remindBnplSettlements } from '../../domain/finance/bnpl/remind-bnpl-settlements'
import * as staffPage from '../../app/routes/staff+/finance.bnpl'
import * as agencyPage from '../../app/routes/agency+/finance.bnpl/route'
import { agencyWithToken, api, staffToken, staffWith } from '../setup/api'

const AFM = '/agencies/finance-management'
const OFM = '/oshc/finance-management'
const ORIGIN = 'http://test.local'
const DAY = 86_400_000
const ALLOWANCE = 2_000_000 // A$20,000.00

let admin: string
let seq = 0
beforeAll(async () => {
  admin = await staffToken()
})

/** An active agency allowed BNPL for insurer 1 with an allowance of A$20,000. */
async function bnplAgency() {
  const { agency, token } = await agencyWithToken()
  await getDb()
    .update(agencyConfigurations)
    .set({ is_buy_now_pay_later_enabled: true })
    .where(
      and(eq(agencyConfigurations.agency_id, agency.id), eq(agencyConfigurations.insurance_provider_id, 1)),
    )
  await getDb()
    .update(agencyBalances)
    .set({ buy_now_pay_later_amount: ALLOWANCE, buy_now_pay_later_remaining_amount: ALLOWANCE })
    .where(eq(agencyBalances.agency_id, agency.id))
  return { agency, token }
}

/** A policy of the agency bought with BNPL through the API. */
async function bnplPolicy(token: string, agencyId: number) {
  const { policy } = await createPolicy(getDb(), { agencyId, status: 'INITIATED' })
  const r = await api('POST', `${AFM}/purchasePolicy`, {
    token,
    body: { policy_id: policy.id, payment_type: 'BNPL' },
  })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return policy
}

async function uploadedFile(agencyId: number) {
  const key = `private/test-bnpl-${Date.now().toString(36)}-${++seq}.pdf`
  await getDb().insert(files).values({
    key,
    folder: 'private',
    filename: 'transfer.pdf',
    content_type: 'application/pdf',
    size: 10,
    agency_id: agencyId,
    uploaded_at: new Date(),
  })
  return key
}

const transferOf = async (key: string) =>
  (await getDb().select().from(moneyTransfers).where(eq(moneyTransfers.idempotency_key, key)))[0]

const send = (token: string, body: Record<string, unknown>) =>
  api('POST', `${AFM}/sendBuyNowPayLaterPaymentRequest`, { token, body })

async function settleRequest(token: string, agencyId: number, policyIds: number[]) {
  const r = await send(token, {
    agency_id: agencyId,
    payment_type: 'BANK',
    policies: policyIds,
    bank_document: await uploadedFile(agencyId),
  })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return r.body.data as { id: number; invoice_id: number; total_amount: number; status: string }
}

const approve = (token: string, id: number) =>
  api('POST', `${OFM}/approveBuyNowPayLaterPaymentRequest`, { token, body: { buyNowPaylaterPaymentId: id } })
const reject = (token: string, id: number, reason?: string) =>
  api('POST', `${OFM}/rejectBuyNowPayLaterPaymentRequest`, {
    token,
    body: { buyNowPayLaterPaymentRequestId: id, rejectionReason: reason },
  })

const remaining = async (agencyId: number) =>
  (await getDb().select().from(agencyBalances).where(eq(agencyBalances.agency_id, agencyId)))[0]
    .buy_now_pay_later_remaining_amount
const premiumOf = async (policyId: number) =>
  (
    await getDb()
      .select()
      .from(policyPremiumPayments)
      .where(
        and(eq(policyPremiumPayments.policy_id, policyId), eq(policyPremiumPayments.payment_type, 'BNPL')),
      )
  )[0]
/** Moves a BNPL purchase back in time (its deadline follows). */
const purchasedAgo = (policyId: number, ms: number) =>
  getDb()
    .update(policyPremiumPayments)
    .set({ created_at: new Date(Date.now() - ms) })
    .where(and(eq(policyPremiumPayments.policy_id, policyId), eq(policyPremiumPayments.payment_type, 'BNPL')))

describe('sendBuyNowPayLaterPaymentRequest', () => {
  it('validates the document, the policies and the agency', async () => {
    const { agency, token } = await bnplAgency()
    const p = await bnplPolicy(token, agency.id)
    const noDoc = await send(token, { agency_id: agency.id, payment_type: 'BANK', policies: [p.id] })
    expect(noDoc.status).toBe(400)
    expect(noDoc.body.errors.bank_document).toEqual(['Bank document is required'])
    // An agency cannot bypass the document check: its flag is ignored.
    const bypass = await send(token, {
      agency_id: agency.id,
      payment_type: 'BANK',
      policies: [p.id],
      by_pass_document_validation: true,
    })
    expect(bypass.status).toBe(400)
    expect((await send(token, { agency_id: agency.id, payment_type: 'BANK', policies: [] })).status).toBe(400)
    expect((await send(token, { agency_id: agency.id, payment_type: 'CARD', policies: [p.id] })).status).toBe(
      400,
    )

    const doc = await uploadedFile(agency.id)
    const { policy: unpaid } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
    const notBnpl = await send(token, {
      agency_id: agency.id,
      payment_type: 'BANK',
      policies: [p.id, unpaid.id],
      bank_document: doc,
    })
    expect(notBnpl.status).toBe(409)
    expect(notBnpl.body.message).toBe(`Not an unsettled buy now, pay later purchase: ${unpaid.ref}`)

    const other = await bnplAgency()
    const foreign = await bnplPolicy(other.token, other.agency.id)
    const mixed = await send(token, {
      agency_id: agency.id,
      payment_type: 'BANK',
      policies: [p.id, foreign.id],
      bank_document: doc,
    })
    expect(mixed.status).toBe(404)
    expect(
      (
        await send(token, {
          agency_id: other.agency.id,
          payment_type: 'BANK',
          policies: [foreign.id],
          bank_document: doc,
        })
      ).status,
    ).toBe(404)
    expect((await premiumOf(p.id)).status).toBe('PENDING_CREDIT_PAYMENT')
    expect(
      await getDb().select().from(bnplPaymentRequests).where(eq(bnplPaymentRequests.agency_id, agency.id)),
    ).toHaveLength(0)
  })

  it('records the request, its invoice, pending payment, history and inbox task; the same policy twice is a 409', async () => {
    const { agency, token } = await bnplAgency()
    const [p1, p2] = [await bnplPolicy(token, agency.id), await bnplPolicy(token, agency.id)]
    const r = await settleRequest(token, agency.id, [p1.id, p2.id])
    const total = p1.premium! + p2.premium!
    expect(r).toMatchObject({ status: 'REQUESTED', total_amount: total / 100 })
    expect(
      await getDb()
        .select()
        .from(bnplPaymentRequestItems)
        .where(eq(bnplPaymentRequestItems.request_id, r.id)),
    ).toHaveLength(2)
    expect((await premiumOf(p1.id)).status).toBe('PENDING_CREDIT_PAYMENT_REQUESTED')
    const [inv] = await getDb().select().from(invoices).where(eq(invoices.id, r.invoice_id))
    expect(inv).toMatchObject({
      invoice_type: 'BNPL_PAYMENT',
      status: 'PENDING',
      total_amount_due: total,
      to: 'AGENCY',
    })
    const lines = await getDb().select().from(invoiceLineItems).where(eq(invoiceLineItems.invoice_id, inv.id))
    expect(lines.map((l) => [l.line_item_type, l.payer, l.receiver])).toEqual([
      ['BNPL_PREMIUM', 'AGENCY', 'OSHC'],
      ['BNPL_PREMIUM', 'AGENCY', 'OSHC'],
    ])
    expect(
      await getDb().select().from(invoicePayments).where(eq(invoicePayments.invoice_id, inv.id)),
    ).toMatchObject([{ method: 'BANK', status: 'PENDING', payment_amount: total }])
    const [task] = await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.workflow_id, `bnpl-${r.id}`))
    expect(task).toMatchObject({ kind: 'bnpl', audience: 'staff', closed_at: null, agency_id: agency.id })
    expect(task.due_at!.getTime()).toBeGreaterThan(Date.now() + DAY - 60_000)
    const again = await send(token, {
      agency_id: agency.id,
      payment_type: 'BANK',
      policies: [p2.id],
      bank_document: await uploadedFile(agency.id),
    })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(`Already in an open buy now, pay later settlement request: ${p2.ref}`)
    const history = await api('GET', `${AFM}/getBuyNowPaylaterPaymentHistory/${r.id}`, { token })
    expect(history.body.data.map((h: { action: string }) => h.action)).toEqual(['REQUESTED'])
  })
})

describe('deciding a BNPL settlement', () => {
  it('approval restores the allowance through the ledger, pays the premiums and invoices, once', async () => {
    const { agency, token } = await bnplAgency()
    const [p1, p2] = [await bnplPolicy(token, agency.id), await bnplPolicy(token, agency.id)]
    expect(await remaining(agency.id)).toBe(ALLOWANCE - p1.premium! - p2.premium!)
    const r = await settleRequest(token, agency.id, [p1.id, p2.id])

    const ok = await approve(admin, r.id)
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.data.status).toBe('APPROVED')
    expect(await remaining(agency.id)).toBe(ALLOWANCE)
    const ledger = await getDb()
      .select()
      .from(bnplTransactions)
      .where(
        and(eq(bnplTransactions.agency_id, agency.id), inArray(bnplTransactions.policy_id, [p1.id, p2.id])),
      )
    expect(ledger.map((l) => l.transaction_amount).sort((a, b) => a - b)).toEqual(
      [-p1.premium!, -p2.premium!, p1.premium!, p2.premium!].sort((a, b) => a - b),
    )
    expect(ledger.reduce((s, l) => s + l.transaction_amount, 0)).toBe(0)
    // The bank transfer arrived through bank clearing into the settlement account, which passed it
    // on to the BNPL credit used: it holds nothing (its floor, issue 22), the credit used is zero.
    const [received] = await getDb()
      .select()
      .from(moneyTransfers)
      .where(eq(moneyTransfers.idempotency_key, `${bnplSettlementKey(r.id)}:bank`))
    expect(received).toMatchObject({
      state: 'POSTED',
      amount: p1.premium! + p2.premium!,
      code: 'BNPL_SETTLEMENT_PAID',
    })
    const settlement = await getAccount(getDb(), account.agencyBnplSettlement(agency.id))
    expect(settlement).toMatchObject({
      posted_credits: p1.premium! + p2.premium!,
      debits_must_not_exceed_credits: true,
    })
    expect(settlement!.posted_debits).toBe(settlement!.posted_credits)
    const used = await getAccount(getDb(), account.agencyBnplUsed(agency.id))
    expect(used).toMatchObject({ credits_must_not_exceed_debits: true })
    expect(used!.posted_debits - used!.posted_credits).toBe(0)
    // Migration 0032's backfill keys the settlement as the approval does: a run adds nothing.
    const count = async () =>
      (
        await getDb()
          .select({ n: sql<number>`count(*)::int` })
          .from(moneyTransfers)
      )[0].n
    const before = await count()
    await getDb().execute(sql`select money_journal_backfill_bnpl_settlements()`)
    expect(await count()).toBe(before)
    expect((await premiumOf(p1.id)).status).toBe('PAID')
    expect((await premiumOf(p2.id)).status).toBe('PAID')
    const [c] = await getDb().select().from(commissions).where(eq(commissions.policy_id, p1.id))
    expect(c.status).toBe('COMMISSION_BANKED')
    const [inv] = await getDb().select().from(invoices).where(eq(invoices.id, r.invoice_id))
    expect(inv).toMatchObject({ status: 'PAID', total_outstanding_amount: 0 })
    const premiumInvoices = await getDb()
      .selectDistinct({ status: invoices.status })
      .from(invoices)
      .innerJoin(invoiceLineItems, eq(invoiceLineItems.invoice_id, invoices.id))
      .where(and(eq(invoices.invoice_type, 'PREMIUM'), inArray(invoiceLineItems.policy_id, [p1.id, p2.id])))
    expect(premiumInvoices).toEqual([{ status: 'PAID' }])
    const [task] = await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.workflow_id, `bnpl-${r.id}`))
    expect(task.outcome).toBe('approved')
    const [mail] = await findOutbox(agency.email, 1)
    expect(mail.subject).toBe('Buy now, pay later settlement approved')
    const notes = await getDb()
      .select({ type: notifications.event_type })
      .from(notifications)
      .innerJoin(notificationReceivers, eq(notificationReceivers.notification_id, notifications.id))
      .where(eq(notificationReceivers.identity_id, agency.identity_id!))
    expect(notes.map((n) => n.type)).toContain('BNPL_PAYMENT_APPROVED')

    const twice = await approve(admin, r.id)
    expect(twice.status).toBe(409)
    expect((await reject(admin, r.id, 'late')).status).toBe(409)
    expect(await remaining(agency.id)).toBe(ALLOWANCE)
    const oshcHistory = await api('GET', `${OFM}/getBuyNowPaylaterPaymentOSHCHistory/${r.id}`, {
      token: admin,
    })
    expect(oshcHistory.body.data.map((h: { action: string }) => h.action)).toEqual(['REQUESTED', 'APPROVED'])

    // Reads: the agency's own, staff by agency; another agency's is a 404.
    const mine = await api('GET', `${AFM}/getBuyNowPayLaterPaymentById`, {
      token,
      query: { id: String(r.id) },
    })
    expect(mine.body.data).toMatchObject({
      id: r.id,
      status: 'APPROVED',
      policies: [{ ref: p1.ref }, { ref: p2.ref }],
    })
    const forAdmin = await api('GET', `${OFM}/getBuyNowPayLaterPaymentByIdForAdmin/${agency.id}/${r.id}`, {
      token: admin,
    })
    expect(forAdmin.status).toBe(200)
    const other = await bnplAgency()
    expect(
      (
        await api('GET', `${OFM}/getBuyNowPayLaterPaymentByIdForAdmin/${other.agency.id}/${r.id}`, {
          token: admin,
        })
      ).status,
    ).toBe(404)
    expect(
      (await api('GET', `${AFM}/getBuyNowPayLaterPaymentById/${r.id}`, { token: other.token })).status,
    ).toBe(404)
    expect(
      (await api('GET', `${AFM}/getBuyNowPaylaterPaymentHistory/${r.id}`, { token: other.token })).status,
    ).toBe(404)
    const list = await api('GET', `${OFM}/getBuyNowPayLaterPaymentRequests`, {
      token: admin,
      query: { status: 'APPROVED', agency_id: String(agency.id) },
    })
    expect(list.body.data).toMatchObject([{ id: r.id, policy_count: 2 }])
  })

  it('rejection keeps the premiums owed and requestable again; a staff sender may not approve its own', async () => {
    const { agency, token } = await bnplAgency()
    const p = await bnplPolicy(token, agency.id)
    const before = await remaining(agency.id)
    const r = await settleRequest(token, agency.id, [p.id])
    const noReason = await reject(admin, r.id)
    expect(noReason.status).toBe(400)
    expect(noReason.body.errors.rejectionReason).toEqual(['Reason is required'])
    const rej = await reject(admin, r.id, 'The transfer did not arrive')
    expect(rej.status, JSON.stringify(rej.body)).toBe(200)
    expect(rej.body.data).toMatchObject({
      status: 'REJECTED',
      rejection_reason: 'The transfer did not arrive',
    })
    expect((await premiumOf(p.id)).status).toBe('PENDING_CREDIT_PAYMENT_REJECTED')
    expect((await getDb().select().from(invoices).where(eq(invoices.id, r.invoice_id)))[0].status).toBe(
      'CANCELLED',
    )
    expect(await remaining(agency.id)).toBe(before)
    expect((await approve(admin, r.id)).status).toBe(409)

    // Staff send it again on the agency's behalf, bypassing the document; they may not approve it.
    const clerk = await staffWith(['finance'])
    const again = await send(clerk, {
      agency_id: agency.id,
      payment_type: 'BANK',
      policies: [p.id],
      by_pass_document_validation: true,
    })
    expect(again.status, JSON.stringify(again.body)).toBe(201)
    expect((await approve(clerk, again.body.data.id)).status).toBe(403)
    expect((await approve(admin, again.body.data.id)).status).toBe(200)
    expect(await remaining(agency.id)).toBe(before + p.premium!)
  })

  it('a settlement from the balance debits it at once and gives it back on rejection', async () => {
    const { agency, token } = await bnplAgency()
    const p = await bnplPolicy(token, agency.id)
    const body = { agency_id: agency.id, payment_type: 'AGENCY_BALANCE', policies: [p.id] }
    const short = await send(token, body)
    expect(short.status).toBe(409)
    expect(short.body.message).toBe('Insufficient agency balance')
    await getDb().transaction((tx) =>
      postBalanceEntry(tx, { agencyId: agency.id, type: 'AGENCY_TOPUP', amount: p.premium!, actor: 'test' }),
    )
    const r = await send(token, body)
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    const balance = async () =>
      (await getDb().select().from(agencyBalances).where(eq(agencyBalances.agency_id, agency.id)))[0].balance
    expect(await balance()).toBe(0)
    // Reserved in the journal (two-phase): posted credits unchanged, the debit pending.
    const key = bnplSettlementKey(r.body.data.id)
    const mine = account.agencyBalance(agency.id)
    expect((await transferOf(key)).state).toBe('PENDING')
    expect(await getAccount(getDb(), mine)).toMatchObject({ balance: p.premium!, spendable: 0 })
    expect((await reject(admin, r.body.data.id, 'Wrong policies')).status).toBe(200)
    expect(await balance()).toBe(p.premium!)
    expect((await transferOf(key)).state).toBe('VOIDED')
    expect(await getAccount(getDb(), mine)).toMatchObject({ balance: p.premium!, spendable: p.premium! })
  })

  it('a settlement from the balance is reserved when sent and posted when approved', async () => {
    const { agency, token } = await bnplAgency()
    const p = await bnplPolicy(token, agency.id)
    await getDb().transaction((tx) =>
      postBalanceEntry(tx, { agencyId: agency.id, type: 'AGENCY_TOPUP', amount: p.premium!, actor: 'test' }),
    )
    const r = await send(token, { agency_id: agency.id, payment_type: 'AGENCY_BALANCE', policies: [p.id] })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    // Nothing else can spend the reserved money meanwhile.
    const { policy: other } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
    const spend = await api('POST', `${AFM}/purchasePolicy`, {
      token,
      body: { policy_id: other.id, payment_type: 'AGENCY_BALANCE' },
    })
    expect(spend.status).toBe(409)
    expect(spend.body.message).toBe('Insufficient agency balance')
    const checker = await staffWith(['finance'])
    expect((await approve(checker, r.body.data.id)).status).toBe(200)
    expect((await transferOf(bnplSettlementKey(r.body.data.id))).state).toBe('POSTED')
    expect(await getAccount(getDb(), account.agencyBalance(agency.id))).toMatchObject({
      balance: 0,
      spendable: 0,
      pending_debits: 0,
    })
    expect(await getAccount(getDb(), account.agencyBnplSettlement(agency.id))).toMatchObject({ balance: 0 })
    expect(await remaining(agency.id)).toBe(ALLOWANCE)
  })

  it('20 parallel approvals have one effect', async () => {
    const { agency, token } = await bnplAgency()
    const p = await bnplPolicy(token, agency.id)
    const r = await settleRequest(token, agency.id, [p.id])
    const answers = await Promise.all(Array.from({ length: 20 }, () => approve(admin, r.id)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19)
    const restored = await getDb()
      .select()
      .from(bnplTransactions)
      .where(and(eq(bnplTransactions.policy_id, p.id), eq(bnplTransactions.transaction_amount, p.premium!)))
    expect(restored).toHaveLength(1)
    expect(await remaining(agency.id)).toBe(ALLOWANCE)
    const histories = await getDb()
      .select()
      .from(financeRequestHistories)
      .where(
        and(eq(financeRequestHistories.request_id, r.id), eq(financeRequestHistories.action, 'APPROVED')),
      )
    expect(histories).toHaveLength(1)
  })
})

describe('the settlement deadline', () => {
  it('blocks BNPL purchases while a purchase is past its deadline, until it is settled', async () => {
    const { agency, token } = await bnplAgency()
    const old = await bnplPolicy(token, agency.id)
    await purchasedAgo(old.id, 31 * DAY)
    const { policy: next } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
    const methods = await api('GET', `${AFM}/getAvailablePaymentMethodsForAgency/${next.id}`, { token })
    expect(methods.body.data.BuyNowPayLater).toBe(false)
    expect(methods.body.data.buyNowPayLaterUnavailableReason).toContain(old.ref)
    const blocked = await api('POST', `${AFM}/purchasePolicy`, {
      token,
      body: { policy_id: next.id, payment_type: 'BNPL' },
    })
    expect(blocked.status).toBe(409)
    expect(blocked.body.message).toMatch(
      /^Buy now, pay later is blocked until your overdue purchases are settled: /,
    )
    expect(blocked.body.message).toContain(old.ref)
    // A request alone does not lift the block; its approval does.
    const r = await settleRequest(token, agency.id, [old.id])
    expect(
      (
        await api('POST', `${AFM}/purchasePolicy`, {
          token,
          body: { policy_id: next.id, payment_type: 'BNPL' },
        })
      ).status,
    ).toBe(409)
    expect((await approve(admin, r.id)).status).toBe(200)
    const unblocked = await api('GET', `${AFM}/getAvailablePaymentMethodsForAgency/${next.id}`, { token })
    expect(unblocked.body.data).toMatchObject({ BuyNowPayLater: true, buyNowPayLaterUnavailableReason: null })
    const bought = await api('POST', `${AFM}/purchasePolicy`, {
      token,
      body: { policy_id: next.id, payment_type: 'BNPL' },
    })
    expect(bought.status, JSON.stringify(bought.body)).toBe(200)
  })

  it('lists the unsettled purchases with their deadlines', async () => {
    const { agency, token } = await bnplAgency()
    const p = await bnplPolicy(token, agency.id)
    await purchasedAgo(p.id, 25 * DAY)
    const r = await api('GET', `${AFM}/getUnsettledBuyNowPayLaterPolicies/${agency.id}`, { token })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ settlement_days: 30, blocked_reason: null })
    expect(r.body.data.policies).toMatchObject([
      { ref: p.ref, days_left: 5, overdue: false, open_request_id: null },
    ])
  })

  it('reminds 7 days and 1 day before the deadline, once each', async () => {
    const { agency, token } = await bnplAgency()
    const p = await bnplPolicy(token, agency.id)
    const purchasedAt = (await premiumOf(p.id)).created_at.getTime()
    const deadline = purchasedAt + 30 * DAY
    const ours = async () =>
      (await findOutbox(agency.email, 100)).filter((m) =>
        m.subject.includes(`policy ${p.ref} is due for settlement`),
      )
    const run = (at: number) => remindBnplSettlements({ db: getDb(), mail: sendMail, now: new Date(at) })

    await run(deadline - 8 * DAY)
    expect(await ours()).toHaveLength(0)
    await run(deadline - 7 * DAY + 3_600_000)
    await run(deadline - 6 * DAY)
    let mails = await ours()
    expect(mails.map((m) => m.subject)).toEqual([
      `Buy now, pay later: policy ${p.ref} is due for settlement in 7 days`,
    ])
    const r1 = await run(deadline - DAY + 3_600_000)
    expect(r1.reminded).toBeGreaterThanOrEqual(1)
    await run(deadline - 3_600_000)
    await run(deadline + 3_600_000)
    mails = await ours()
    expect(mails.map((m) => m.subject)).toEqual([
      `Buy now, pay later: policy ${p.ref} is due for settlement in 1 day`,
      `Buy now, pay later: policy ${p.ref} is due for settlement in 7 days`,
    ])
    const notes = await getDb()
      .select({ type: notifications.event_type })
      .from(notifications)
      .innerJoin(notificationReceivers, eq(notificationReceivers.notification_id, notifications.id))
      .where(
        and(
          eq(notificationReceivers.identity_id, agency.identity_id!),
          eq(notifications.event_type, 'BNPL_SETTLEMENT_REMINDER'),
        ),
      )
    expect(notes).toHaveLength(2)
  })
})

describe('the BNPL screens', () => {
  const get = (path: string, token: string) =>
    new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })
  const post = (path: string, token: string, form: FormData) =>
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      body: form,
      headers: { cookie: `oshc_session=${token}`, origin: ORIGIN },
    })

  it('lets the agency settle from its page and staff decide from theirs', async () => {
    const { agency, token } = await bnplAgency()
    const p = await bnplPolicy(token, agency.id)
    await getDb().transaction((tx) =>
      postBalanceEntry(tx, { agencyId: agency.id, type: 'AGENCY_TOPUP', amount: p.premium!, actor: 'test' }),
    )
    const page = await agencyPage.loader({
      request: get('/agency/finance/bnpl', token),
      params: {},
      context: {},
    })
    expect(page.unsettled.policies).toMatchObject([{ ref: p.ref, open_request_id: null }])
    expect(page.allowance.buy_now_pay_later_remaining_amount).toBe((ALLOWANCE - p.premium!) / 100)

    const empty = new FormData()
    empty.set('payment_type', 'AGENCY_BALANCE')
    const refused = (await agencyPage.action({
      request: post('/agency/finance/bnpl', token, empty),
      params: {},
      context: {},
    })) as {
      init: { status: number }
      data: { error: Record<string, string[]> }
    }
    expect(refused.init.status).toBe(400)
    expect(refused.data.error.policies).toEqual(['Choose at least one policy'])

    const form = new FormData()
    form.append('policies', String(p.id))
    form.set('payment_type', 'AGENCY_BALANCE')
    const sent = (await agencyPage.action({
      request: post('/agency/finance/bnpl', token, form),
      params: {},
      context: {},
    })) as Response
    expect(sent.status).toBe(302)
    const requestId = Number(new URL(sent.headers.get('location')!, ORIGIN).searchParams.get('request'))
    const detail = await agencyPage.loader({
      request: get(`/agency/finance/bnpl?request=${requestId}`, token),
      params: {},
      context: {},
    })
    expect(detail.detail?.d).toMatchObject({ id: requestId, status: 'REQUESTED' })
    expect(detail.rows).toMatchObject([{ id: requestId, status: 'REQUESTED' }])

    const staffList = await staffPage.loader({
      request: get(`/staff/finance/bnpl?request=${requestId}`, admin),
      params: {},
      context: {},
    })
    expect(staffList.rows.map((r) => r.id)).toContain(requestId)
    expect(staffList.detail?.history.map((h) => h.action)).toEqual(['REQUESTED'])
    const decide = new FormData()
    decide.set('intent', `approve:${requestId}`)
    const decided = (await staffPage.action({
      request: post('/staff/finance/bnpl', admin, decide),
      params: {},
      context: {},
    })) as Response
    expect(decided.status).toBe(302)
    const [row] = await getDb()
      .select()
      .from(bnplPaymentRequests)
      .where(eq(bnplPaymentRequests.id, requestId))
    expect(row.status).toBe('APPROVED')
    const after = await staffPage.loader({
      request: get('/staff/finance/bnpl?status=APPROVED', admin),
      params: {},
      context: {},
    })
    expect(after.status).toBe('APPROVED')
    expect(after.rows.map((r) => r.id)).toContain(requestId)
  })
})
