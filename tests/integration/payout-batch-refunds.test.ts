// Full refunds paid by a payout batch (issue 25): approved by BANK without proof, the refund waits
// APPROVED (a task for finance) until a batch holding it is paid; the batch's file and statement line
// become its transfer proof and the workflow pays it once. A returned line leaves it waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { fullRefunds, invoiceLineItems, moneyTransfers, tasks } from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { agencyWithToken, api, staffToken, staffWith } from '../setup/api'
import { debitCreditCsv } from '../setup/bank-statements'
import { eventually } from '../setup/eventually'
import { startWorker } from '../setup/worker'
import * as staffRefundPage from '../../app/routes/staff+/policies.$policyId.refund'
import * as batchesPage from '../../app/routes/staff+/finance.payout-batches._index'

const FIN = '/oshc/finance-management'
const PB = `${FIN}/payout-batches`
const BS = `${FIN}/bank-statements`

let maker: string // sets the refund amounts, builds the batches and uploads the statements
let checker: string // another person with finance: approves
let stop: () => Promise<void>
let seq = 0

beforeAll(async () => {
  maker = await staffToken()
  checker = await staffWith(['finance'])
  stop = await startWorker()
})
afterAll(() => stop())

/** A paid policy whose refund is INITIATED by `maker`: premium refundable, A$10 commission deducted. */
async function initiatedRefund() {
  const { agency, token } = await agencyWithToken()
  const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'PAYMENT_APPROVED' })
  const requested = await api('POST', `/agencies/finance-management/requestForFullRefund/${policy.id}`, {
    token,
    body: { full_refund_requested_reason: 'Visa refused' },
  })
  expect(requested.status, JSON.stringify(requested.body)).toBe(201)
  const init = await api('POST', `${FIN}/initiateFullRefund/${policy.id}`, {
    token: maker,
    body: {
      refundable_premium_amount: policy.premium! / 100,
      deductable_commission_amount: 10,
      is_full_refund: true,
    },
  })
  expect(init.status, JSON.stringify(init.body)).toBe(200)
  return { agency, token, policy, netCents: policy.premium! - 1000, refundId: init.body.data.id as number }
}

const approveByBatch = (policyId: number, method = 'BANK') =>
  api('POST', `${FIN}/approveFullRefundRequest/${policyId}`, {
    token: checker,
    query: { payment_method: method, pay_by_batch: 'true' },
  })

async function refundRow(id: number) {
  const [r] = await getDb().select().from(fullRefunds).where(eq(fullRefunds.id, id))
  return r
}

/** A statement uploaded by the maker with one debit line of `cents`: the stored line. */
async function statementWithDebit(cents: number, desc: string) {
  const content = debitCreditCsv([
    { desc, debit: cents, balance: 70_000_000 + ++seq + (Date.now() % 100_000) },
  ])
  const r = await api('POST', BS, { token: maker, body: { file_name: `refund-debit-${seq}.csv`, content } })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  const s = await api('GET', `${BS}/${r.body.data.id}`, { token: maker })
  return s.body.data.lines[0] as { id: number; state: string; matched_kind: string; matched_id: number }
}

async function sentBatch(refundIds: number[]) {
  const built = await api('POST', PB, { token: maker, body: { refund_ids: refundIds } })
  expect(built.status, JSON.stringify(built.body)).toBe(201)
  const id = built.body.data.id as number
  expect((await api('POST', `${PB}/${id}/approve`, { token: checker })).status).toBe(200)
  const file = await api('GET', `${PB}/${id}/aba`, { token: maker })
  expect(file.status).toBe(200)
  return { id, total: built.body.data.total_cents as number, aba: file.body as string }
}

describe('a full refund paid by a payout batch', () => {
  it('waits approved without proof, joins a batch and is paid when the batch debit is confirmed', async () => {
    const { agency, token, policy, netCents, refundId } = await initiatedRefund()
    const notBank = await approveByBatch(policy.id, 'AGENCY_BALANCE')
    expect(notBank.status).toBe(400)
    expect(notBank.body.errors).toEqual({ pay_by_batch: ['pay_by_batch needs payment_method BANK'] })

    const approved = await approveByBatch(policy.id)
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect(approved.body.data).toMatchObject({
      status: 'APPROVED',
      payment_method: 'BANK',
      payment_url: null,
    })
    // Finance has a task to pay it in a batch; nothing has left the premium received yet.
    const task = await eventually(async () => {
      const rows = await getDb()
        .select()
        .from(tasks)
        .where(eq(tasks.workflow_id, `full-refund-${policy.id}`))
      return rows.find((t) => !t.closed_at && t.kind === 'full_refund_batch')
    }, 'the task to pay the refund in a batch')
    expect(task).toMatchObject({ amount: netCents, link: '/staff/finance/payout-batches' })
    expect(
      await getDb()
        .select()
        .from(moneyTransfers)
        .where(eq(moneyTransfers.idempotency_key, `full-refund:${refundId}`)),
    ).toEqual([])
    // Its commission, cancelled when the refund is paid, cannot be asked for meanwhile.
    const [premiumLine] = await getDb()
      .select({ id: invoiceLineItems.id })
      .from(invoiceLineItems)
      .where(and(eq(invoiceLineItems.policy_id, policy.id), eq(invoiceLineItems.line_item_type, 'PREMIUM')))
    const payout = await api('POST', '/agencies/finance-management/sendCommmisionPayoutRequest', {
      token,
      body: { external_invoice_id: `REF-BATCH-${refundId}`, invoice_line_item_ids: [premiumLine.id] },
    })
    expect(payout.status).toBe(409)
    expect(payout.body.message).toContain('its full refund is approved and being paid')
    // Retrying its payment is refused while it waits for a batch.
    const retry = await api('POST', `${FIN}/retryFullRefundPayment/${policy.id}`, { token: checker })
    expect(retry.status).toBe(409)
    expect(retry.body.message).toBe('This full refund waits for a payout batch to pay it')

    const candidates = await api('GET', `${PB}/refund-candidates`, { token: maker })
    expect(candidates.status).toBe(200)
    expect(candidates.body.data.find((c: { refund_id: number }) => c.refund_id === refundId)).toMatchObject({
      amount_cents: netCents,
      agency_id: agency.id,
      issue: null,
    })

    const batch = await sentBatch([refundId])
    expect(batch.total).toBe(netCents)
    const detail = batch.aba.split('\r\n')[1]
    expect(detail.slice(62, 80).trim()).toBe(`REFUND ${refundId}`)
    expect(detail.slice(20, 30)).toBe(String(netCents).padStart(10, '0'))
    // In a live batch: not offered again, and a second batch cannot take it.
    const again = await api('POST', PB, { token: maker, body: { refund_ids: [refundId] } })
    expect(again.status).toBe(409)

    const line = await statementWithDebit(netCents, `DIRECT ENTRY PB-${batch.id}`)
    expect(line).toMatchObject({ state: 'exact', matched_kind: 'payout_batch', matched_id: batch.id })
    const done = await api('POST', `${BS}/lines/${line.id}/confirm`, { token: checker })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.data.batch).toMatchObject({ status: 'PAID' })

    const paid = await refundRow(refundId)
    expect(paid).toMatchObject({
      status: 'COMPLETED',
      payment_url: `payout-batch:${batch.id}/statement-line:${line.id}`,
    })
    const [returned] = await getDb()
      .select()
      .from(moneyTransfers)
      .where(eq(moneyTransfers.idempotency_key, `full-refund:${refundId}`))
    expect(returned).toMatchObject({ amount: netCents, state: 'POSTED' })
    const open = await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.workflow_id, `full-refund-${policy.id}`))
    expect(open.filter((t) => !t.closed_at)).toEqual([])
  })

  it('stays waiting when the bank returns its line, free for a new batch', async () => {
    const { policy, refundId } = await initiatedRefund()
    expect((await approveByBatch(policy.id)).status).toBe(200)
    const batch = await sentBatch([refundId])
    const detail = await api('GET', `${PB}/${batch.id}`, { token: maker })
    const item = detail.body.data.items[0]
    expect(item).toMatchObject({ refund_id: refundId, refund_status: 'APPROVED' })
    expect(item.payee_name).toContain(`full refund #${refundId}`)
    const back = await api('POST', `${PB}/${batch.id}/items/${item.id}/return`, {
      token: checker,
      body: { return_reason: 'Account closed' },
    })
    expect(back.status, JSON.stringify(back.body)).toBe(200)
    expect(back.body.data).toMatchObject({ status: 'CANCELLED', item_count: 0 })
    expect(await refundRow(refundId)).toMatchObject({ status: 'APPROVED', payment_url: null })
    const candidates = await api('GET', `${PB}/refund-candidates`, { token: maker })
    expect(candidates.body.data.map((c: { refund_id: number }) => c.refund_id)).toContain(refundId)
    expect((await api('POST', PB, { token: maker, body: { refund_ids: [refundId] } })).status).toBe(201)
  })
})

describe('the screens (in-process)', () => {
  const ORIGIN = 'http://test.local'
  const post = (path: string, token: string, form: FormData) =>
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      body: form,
      headers: { cookie: `oshc_session=${token}`, origin: ORIGIN },
    })
  const get = (path: string, token: string) =>
    new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })

  it('the refund form approves a refund to be paid by a batch, and the batch builder lists it and takes it', async () => {
    const { policy, netCents, refundId } = await initiatedRefund()
    const approve = new FormData()
    approve.set('intent', 'approve')
    approve.set('payment_method', 'BANK')
    approve.set('pay_by_batch', 'on')
    const answer = await staffRefundPage.action({
      request: post(`/staff/policies/${policy.id}/refund`, checker, approve),
      params: { policyId: String(policy.id) },
      context: {},
    })
    expect((answer as Response).status).toBe(302)
    expect(await refundRow(refundId)).toMatchObject({
      status: 'APPROVED',
      payment_method: 'BANK',
      payment_url: null,
    })
    const view = (await staffRefundPage.loader({
      request: get(`/staff/policies/${policy.id}/refund`, checker),
      params: { policyId: String(policy.id) },
      context: {},
    })) as { view: { refund: { awaitingBatch: boolean } } }
    expect(view.view.refund.awaitingBatch).toBe(true)

    const page = await batchesPage.loader({
      request: get('/staff/finance/payout-batches', maker),
      params: {},
      context: {},
    })
    expect(page.refunds.find((r) => r.refund_id === refundId)).toMatchObject({
      amount_cents: netCents,
      issue: null,
    })
    const build = new FormData()
    build.append('refund_ids', String(refundId))
    const built = await batchesPage.action({
      request: post('/staff/finance/payout-batches', maker, build),
      params: {},
      context: {},
    })
    expect((built as Response).status).toBe(302)
    expect((built as Response).headers.get('location')).toMatch(/^\/staff\/finance\/payout-batches\/\d+$/)
  })
})
