// Payout batches (issue 25): REQUESTED payouts gathered by one person, approved by another, paid
// by an ABA file checked field by field against the Direct Entry format, and settled when the
// file's debit is confirmed on a bank statement, each payout through its own workflow decision.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { commissionPayouts, moneyTransfers } from '../../db/schema'
import { api, staffToken, staffWith } from '../setup/api'
import { startWorker } from '../setup/worker'
import { requestedPayoutByApi } from '../setup/payouts'

const OSHC = '/oshc/finance-management'
const PB = `${OSHC}/payout-batches`
const BS = `${OSHC}/bank-statements`
const TODAY = new Date().toISOString().slice(0, 10)

let maker: string // builds the batches and uploads the statements
let checker: string // another person with finance
let stop: () => Promise<void>
let seq = 0

beforeAll(async () => {
  maker = await staffToken()
  checker = await staffWith(['finance'])
  stop = await startWorker()
})
afterAll(() => stop())

const requestedPayout = requestedPayoutByApi

const build = (payoutIds: number[], token = maker) =>
  api('POST', PB, { token, body: { payout_ids: payoutIds } })

async function approvedBatch(payoutIds: number[]) {
  const r = await build(payoutIds)
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  const id = r.body.data.id as number
  expect((await api('POST', `${PB}/${id}/approve`, { token: checker })).status).toBe(200)
  return r.body.data as { id: number; total_cents: number; item_count: number; processing_date: string }
}

async function download(batchId: number) {
  const r = await api('GET', `${PB}/${batchId}/aba`, { token: maker })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  expect(r.headers.get('content-disposition')).toBe(`attachment; filename="payout-batch-${batchId}.aba"`)
  return r.body as string
}

/** A statement with one debit line of `cents`, described as the bank shows a Direct Entry file. */
async function statementWithDebit(cents: number, description: string) {
  const balance = 50_000_000 + ++seq
  const csv = [
    'Date,Description,Reference,Debit,Credit,Balance',
    `${TODAY.split('-').reverse().join('/')},"${description}",,${(cents / 100).toFixed(2)},,${(balance / 100).toFixed(2)}`,
  ].join('\r\n')
  const r = await api('POST', BS, { token: maker, body: { file_name: `debit-${seq}.csv`, content: csv } })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  const s = await api('GET', `${BS}/${r.body.data.id}`, { token: maker })
  return s.body.data.lines[0] as {
    id: number
    state: string
    matched_kind: string | null
    matched_id: number | null
  }
}

/** A fixed-width field of an ABA record: positions `from`..`to` as the format counts them (1-based). */
const field = (record: string, from: number, to: number) => record.slice(from - 1, to)
const cents10 = (cents: number) => String(cents).padStart(10, '0')

describe('a payout batch', () => {
  it('is built by one person, approved by another, and written as an ABA file field by field', async () => {
    const a = await requestedPayout(2)
    const b = await requestedPayout(1, {
      bsb: '083 004',
      account_number: '9876-54321',
      bank_account_name: 'Beta Agency Pty Ltd',
    })
    const batch = await approvedBatchBy(a.payout.id, b.payout.id)
    const total = a.payout.total_amount + b.payout.total_amount
    expect(batch).toMatchObject({ total_cents: total, item_count: 2 })

    const text = await download(batch.id)
    const records = text.split('\r\n')
    expect(records.at(-1)).toBe('')
    const [header, first, second, footer] = records
    expect(records.slice(0, -1).map((r) => r.length)).toEqual([120, 120, 120, 120])
    // Descriptive record (type 0): reel 01, bank, user name, APCA id, description, processing date.
    expect(field(header, 1, 1)).toBe('0')
    expect(field(header, 19, 20)).toBe('01')
    expect(field(header, 21, 23)).toBe('CBA')
    expect(field(header, 31, 56).trim()).toBe('DEMO OSHC INSURER')
    expect(field(header, 57, 62)).toBe('000000')
    expect(field(header, 63, 74).trim()).toBe(`PB-${batch.id}`)
    const [y, m, d] = batchDate(batch).split('-')
    expect(field(header, 75, 80)).toBe(`${d}${m}${y.slice(2)}`)
    // Detail records (type 1): the payee's BSB and account, credit code 50, cents, name, reference,
    // the insurer's trace account and remitter, no withholding.
    expect(field(first, 1, 1)).toBe('1')
    expect(field(first, 2, 8)).toBe('062-000')
    expect(field(first, 9, 17)).toBe(' 12345678')
    expect(field(first, 19, 20)).toBe('50')
    expect(field(first, 21, 30)).toBe(cents10(a.payout.total_amount))
    expect(field(first, 63, 80).trim()).toBe(`PAYOUT ${a.payout.id}`)
    expect(field(first, 81, 87)).toBe('062-000')
    expect(field(first, 88, 96)).toBe(' 12345678')
    expect(field(first, 97, 112).trim()).toBe('DEMO OSHC')
    expect(field(first, 113, 120)).toBe('00000000')
    expect(field(second, 2, 8)).toBe('083-004')
    expect(field(second, 9, 17)).toBe('987654321')
    expect(field(second, 21, 30)).toBe(cents10(b.payout.total_amount))
    expect(field(second, 31, 62).trim()).toBe('BETA AGENCY PTY LTD')
    // File total record (type 7): 999-999, net, credit and debit totals, the count of detail records.
    expect(field(footer, 1, 8)).toBe('7999-999')
    expect(field(footer, 21, 30)).toBe(cents10(total))
    expect(field(footer, 31, 40)).toBe(cents10(total))
    expect(field(footer, 41, 50)).toBe(cents10(0))
    expect(field(footer, 75, 80)).toBe('000002')

    const sent = await api('GET', `${PB}/${batch.id}`, { token: maker })
    expect(sent.body.data.batch).toMatchObject({ status: 'SENT' })
    expect(sent.body.data.items[0].account_number_masked).toBe('•••••678')
    expect(await download(batch.id)).toBe(text)
  })

  it('refuses its maker as checker, a payout already batched, and a payee a bank file cannot pay', async () => {
    const a = await requestedPayout()
    const built = await build([a.payout.id])
    expect(built.status).toBe(201)
    const own = await api('POST', `${PB}/${built.body.data.id}/approve`, { token: maker })
    expect(own.status).toBe(403)
    const twice = await build([a.payout.id], checker)
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe(
      `Payout #${a.payout.id} is already in payout batch #${built.body.data.id}`,
    )
    const bad = await requestedPayout(1, { bsb: '12-34' })
    const refused = await build([bad.payout.id])
    expect(refused.status).toBe(400)
    expect(refused.body.errors.payout_ids[0]).toContain(`Payout #${bad.payout.id}`)
    expect(refused.body.errors.payout_ids[0]).toContain('BSB must be 6 digits')
    const candidates = await api('GET', `${PB}/candidates`, { token: maker })
    const listed = candidates.body.data as { payout_id: number; issue: string | null }[]
    expect(listed.find((c) => c.payout_id === bad.payout.id)?.issue).toContain('BSB')
    expect(listed.some((c) => c.payout_id === a.payout.id)).toBe(false)
    expect((await build([])).body.errors.payout_ids).toEqual([
      'Choose at least one payout, refund or remittance',
    ])
    // Cancelled, its payout is free again.
    expect((await api('POST', `${PB}/${built.body.data.id}/cancel`, { token: checker })).status).toBe(200)
    expect((await build([a.payout.id], checker)).status).toBe(201)
  })

  it('keeps its payouts from a decision by hand while it is live', async () => {
    const a = await requestedPayout()
    const batch = await approvedBatchBy(a.payout.id)
    const byHand = await api('POST', `${OSHC}/approveCommissionPayoutRequest`, {
      token: checker,
      body: { commission_payout_request_id: a.payout.id, payment_type: 'AGENCY_BALANCE' },
    })
    expect(byHand.status).toBe(409)
    expect(byHand.body.message).toContain(`payout batch #${batch.id}`)
    const reject = await api('POST', `${OSHC}/rejectCommissionPayoutRequest`, {
      token: checker,
      body: { commission_payout_request_id: a.payout.id, rejection_reason: 'No' },
    })
    expect(reject.status).toBe(409)
    const [p] = await getDb().select().from(commissionPayouts).where(eq(commissionPayouts.id, a.payout.id))
    expect(p.status).toBe('REQUESTED')
  })

  it('and a decision by hand racing for one payout: exactly one of them wins', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await requestedPayout()
      const [built, byHand] = await Promise.all([
        build([a.payout.id]),
        api('POST', `${OSHC}/approveCommissionPayoutRequest`, {
          token: checker,
          body: { commission_payout_request_id: a.payout.id, payment_type: 'AGENCY_BALANCE' },
        }),
      ])
      expect([built.status, byHand.status].sort()).toEqual(built.status === 201 ? [201, 409] : [200, 409])
      const [p] = await getDb().select().from(commissionPayouts).where(eq(commissionPayouts.id, a.payout.id))
      expect(p.status).toBe(built.status === 201 ? 'REQUESTED' : 'APPROVED')
    }
  })

  it('is paid when its debit is confirmed on a statement: each payout approved by BANK once, the line used once', async () => {
    const a = await requestedPayout()
    const b = await requestedPayout()
    const batch = await approvedBatchBy(a.payout.id, b.payout.id)
    await download(batch.id)
    const line = await statementWithDebit(batch.total_cents, `DIRECT ENTRY PB-${batch.id}`)
    expect(line, JSON.stringify(line)).toMatchObject({
      state: 'exact',
      matched_kind: 'payout_batch',
      matched_id: batch.id,
    })
    // The statement's uploader may not confirm its lines alone.
    expect((await api('POST', `${BS}/lines/${line.id}/confirm`, { token: maker })).status).toBe(403)
    const done = await api('POST', `${BS}/lines/${line.id}/confirm`, { token: checker })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.data.batch).toMatchObject({ status: 'PAID', statement_line_id: line.id })
    const paid = await getDb()
      .select()
      .from(commissionPayouts)
      .where(inArray(commissionPayouts.id, [a.payout.id, b.payout.id]))
    for (const p of paid)
      expect(p).toMatchObject({
        status: 'APPROVED',
        payment_type: 'BANK',
        bank_document: `payout-batch:${batch.id}/statement-line:${line.id}`,
      })
    const transfers = await getDb()
      .select()
      .from(moneyTransfers)
      .where(inArray(moneyTransfers.payout_id, [a.payout.id, b.payout.id]))
    const payoutTransfers = transfers.filter((t) => t.code === 'PAYOUT')
    expect(payoutTransfers.map((t) => t.amount).sort()).toEqual(paid.map((p) => p.total_amount).sort())
    expect((await api('POST', `${BS}/lines/${line.id}/confirm`, { token: checker })).status).toBe(409)
  })

  it('lets a returned line go back to its payout, and is paid by the debit of what is left', async () => {
    const a = await requestedPayout()
    const b = await requestedPayout()
    const batch = await approvedBatchBy(a.payout.id, b.payout.id)
    await download(batch.id)
    const detail = await api('GET', `${PB}/${batch.id}`, { token: maker })
    const itemOfB = (detail.body.data.items as { id: number; payout_id: number }[]).find(
      (i) => i.payout_id === b.payout.id,
    )!
    const noReason = await api('POST', `${PB}/${batch.id}/items/${itemOfB.id}/return`, {
      token: checker,
      body: {},
    })
    expect(noReason.status).toBe(400)
    const returned = await api('POST', `${PB}/${batch.id}/items/${itemOfB.id}/return`, {
      token: checker,
      body: { return_reason: 'Account closed' },
    })
    expect(returned.status, JSON.stringify(returned.body)).toBe(200)
    expect(returned.body.data).toMatchObject({
      total_cents: a.payout.total_amount,
      item_count: 1,
      status: 'SENT',
    })
    const line = await statementWithDebit(a.payout.total_amount, `DE PB-${batch.id}`)
    expect((await api('POST', `${BS}/lines/${line.id}/confirm`, { token: checker })).status).toBe(200)
    const [pa] = await getDb().select().from(commissionPayouts).where(eq(commissionPayouts.id, a.payout.id))
    const [pb] = await getDb().select().from(commissionPayouts).where(eq(commissionPayouts.id, b.payout.id))
    expect(pa.status).toBe('APPROVED')
    expect(pb.status).toBe('REQUESTED')
    // The returned payout may be decided by hand again, or join a new batch.
    expect((await build([b.payout.id], checker)).status).toBe(201)
  })
})

async function approvedBatchBy(...payoutIds: number[]) {
  return approvedBatch(payoutIds)
}

function batchDate(batch: { processing_date: string }) {
  return batch.processing_date
}
