// Insurer remittances (issue 25): each closed month, each insurer's premium received net of the
// commission retained, from the journal; proposed by one person, approved by another, paid as a
// line of a payout batch's ABA file when the batch's debit is confirmed on a bank statement, with
// the insurer's statement as CSV and PDF. May 2019 is this file's month (its own database).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { getDb } from '../../db/client'
import { insurerRemittances, moneyTransfers } from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { MAKER_CHECKER_MSG } from '../../domain/finance/finance.rules'
import { getInsurerRemittanceStatement } from '../../domain/finance/remittances/get-insurer-remittance-statement'
import { REMITTANCE_MESSAGES } from '../../domain/finance/remittances/remittances.rules'
import { reconcileLedgers } from '../../domain/finance/reconciliation/reconcile-ledgers'
import { clock } from '../../domain/shared/clock'
import { agencyWithToken, api, staffToken, staffWith } from '../setup/api'
import { journalRow, policyAccounts } from '../setup/journal-rows'
import { requestedPayoutByApi, staffActor } from '../setup/payouts'
import { startWorker } from '../setup/worker'

const OSHC = '/oshc/finance-management'
const R = `${OSHC}/insurer-remittances`
const PB = `${OSHC}/payout-batches`
const BS = `${OSHC}/bank-statements`
const MAY = '2019-05'
const AT = '2019-05-14T02:00:00Z'
const TODAY = new Date().toISOString().slice(0, 10)
const [X, Y, Z] = [1, 2, 3] // insurers: money to remit / commission above premium / no account yet

let maker: string
let checker: string
let stop: () => Promise<void>
let policyOfX: number

/** A policy of `insurer` with its month: premium in, some returned, commission banked, some recovered. */
async function monthOf(
  insurer: number,
  f: { premium: number; returned?: number; commission: number; recovered?: number },
) {
  const { agency } = await agencyWithToken()
  const { policy } = await createPolicy(getDb(), { agencyId: agency.id, providerId: insurer })
  const a = await policyAccounts(agency.id, policy.id)
  const ids = { agencyId: agency.id, policyId: policy.id }
  await journalRow(AT, f.premium, 'POSTED', {
    debit: 'clearing:bank',
    credit: a.received,
    code: 'PREMIUM_PAID',
    ...ids,
  })
  if (f.returned)
    await journalRow(AT, f.returned, 'POSTED', {
      debit: a.received,
      credit: 'clearing:bank',
      code: 'REFUND',
      ...ids,
    })
  await journalRow(AT, f.commission, 'POSTED', {
    debit: 'house:insurer',
    credit: a.payable,
    code: 'COMMISSION_BANKED',
    ...ids,
  })
  if (f.recovered)
    await journalRow(AT, f.recovered, 'POSTED', {
      debit: a.payable,
      credit: a.clawback,
      code: 'CLAWBACK',
      ...ids,
    })
  return policy.id
}

const propose = (token = maker) => api('POST', R, { token, body: { month: MAY } })
const saveAccount = (insurer: number, body: Record<string, string>) =>
  api('PUT', `${OSHC}/insurer-bank-accounts/${insurer}`, { token: maker, body })
const account = { bsb: '083004', account_number: '55501234', account_name: 'Insurer X Trust' }

beforeAll(async () => {
  maker = await staffToken()
  checker = await staffWith(['finance'])
  stop = await startWorker()
  policyOfX = await monthOf(X, { premium: 50_000, returned: 3_000, commission: 10_000, recovered: 2_000 })
  await monthOf(Y, { premium: 20_000, commission: 25_000 })
  await monthOf(Z, { premium: 9_000, commission: 1_000 })
})
afterAll(() => stop())

describe('insurer remittances of a closed month', () => {
  it('are proposed only once the month is closed', async () => {
    const early = await propose()
    expect(early.status).toBe(409)
    expect(early.body.message).toBe('May 2019 is not closed: its remittances are proposed once it is')
    expect((await api('POST', `${OSHC}/periods/${MAY}/propose`, { token: maker })).status).toBe(200)
    expect((await api('POST', `${OSHC}/periods/${MAY}/close`, { token: checker })).status).toBe(200)
  })

  it("take each insurer's net from the journal, skipping nothing to remit and a missing account", async () => {
    const bad = await saveAccount(X, { ...account, bsb: '12-34' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.bsb).toEqual(['Enter the BSB as 6 digits (like 062-000)'])
    expect((await saveAccount(X, account)).status).toBe(200)
    expect((await saveAccount(Y, account)).status).toBe(200)

    const r = await propose()
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body.data.created).toHaveLength(1)
    // X: premium 50,000 - 3,000 returned; commission 10,000 banked - 2,000 recovered from the agency.
    expect(r.body.data.created[0]).toMatchObject({
      insurance_provider_id: X,
      status: 'PROPOSED',
      policy_count: 1,
      premium_cents: 47_000,
      commission_cents: 8_000,
      amount_cents: 39_000,
      bsb: '083-004',
    })
    const skipped = Object.fromEntries(
      (r.body.data.skipped as { insurance_provider_id: number; reason: string }[]).map((s) => [
        s.insurance_provider_id,
        s.reason,
      ]),
    )
    expect(skipped).toEqual({ [Y]: REMITTANCE_MESSAGES.nothing, [Z]: REMITTANCE_MESSAGES.noAccount })
    // Proposed again, an insurer with a live remittance is left as it is.
    expect((await propose(checker)).body.data.created).toEqual([])
  })

  it("show the insurer's policies, and are approved by another person than the proposer", async () => {
    const [x] = await getDb()
      .select()
      .from(insurerRemittances)
      .where(eq(insurerRemittances.insurance_provider_id, X))
    const detail = await api('GET', `${R}/${x.id}`, { token: checker })
    expect(detail.body.data.can_approve).toBe(true)
    expect(detail.body.data.remittance).toMatchObject({ month: MAY, account_number_masked: '•••••234' })
    expect(detail.body.data.lines).toEqual([
      expect.objectContaining({
        policy_id: policyOfX,
        premium_cents: 47_000,
        commission_cents: 8_000,
        net_cents: 39_000,
      }),
    ])
    const self = await api('POST', `${R}/${x.id}/approve`, { token: maker })
    expect(self.status).toBe(403)
    expect(self.body.message).toBe(MAKER_CHECKER_MSG)
    const ok = await api('POST', `${R}/${x.id}/approve`, { token: checker })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.data.status).toBe('APPROVED')
    expect((await api('POST', `${R}/${x.id}/approve`, { token: checker })).status).toBe(409)

    const csv = await api('GET', `${R}/${x.id}/statement`, { token: maker, query: { format: 'csv' } })
    expect(csv.status).toBe(200)
    expect(csv.body).toContain('Premium received (cents),Commission retained (cents),Net to insurer (cents)')
    expect(csv.body).toMatch(/Total,1 policies,,47000,8000,39000/)
    const pdf = await getInsurerRemittanceStatement({
      actor: await staffActor(),
      remittanceId: x.id,
      format: 'pdf',
    })
    if (pdf.kind !== 'pdf') throw new Error('a PDF was asked for')
    const { text } = await extractText(await getDocumentProxy(pdf.content), { mergePages: true })
    expect(text).toContain('Remittance statement')
    expect(text).toContain('May 2019')
    expect(text).toContain('$390.00')
  })

  it('are cancelled and proposed again, but never twice live for one insurer and month', async () => {
    expect((await saveAccount(Z, account)).status).toBe(200)
    const z = (await propose()).body.data.created[0]
    expect(z).toMatchObject({ insurance_provider_id: Z, amount_cents: 8_000 })
    const cancelled = await api('POST', `${R}/${z.id}/cancel`, {
      token: maker,
      body: { reason: 'Wrong account' },
    })
    expect(cancelled.body.data).toMatchObject({ status: 'CANCELLED', cancel_reason: 'Wrong account' })
    const again = (await propose()).body.data.created
    expect(again.map((r: { insurance_provider_id: number }) => r.insurance_provider_id)).toEqual([Z])
    const unique = getDb().execute(sql`
      insert into insurer_remittances (month, insurance_provider_id, policy_count, premium_cents, commission_cents,
        amount_cents, bsb, account_number, account_name, proposed_by_identity_id, proposed_at)
      select month, insurance_provider_id, policy_count, premium_cents, commission_cents, amount_cents, bsb,
        account_number, account_name, proposed_by_identity_id, proposed_at
      from insurer_remittances where id = ${again[0].id}`)
    await expect(unique).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) })
  })
})

/** A statement with one debit line of `cents` quoting the batch, as the bank shows a Direct Entry file. */
async function debitLine(cents: number, batchId: number) {
  const csv = [
    'Date,Description,Reference,Debit,Credit,Balance',
    `${TODAY.split('-').reverse().join('/')},"DIRECT ENTRY PB-${batchId}",,${(cents / 100).toFixed(2)},,${(1_000_000 + batchId).toFixed(2)}`,
  ].join('\r\n')
  const r = await api('POST', BS, { token: maker, body: { file_name: `remit-${batchId}.csv`, content: csv } })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return (await api('GET', `${BS}/${r.body.data.id}`, { token: maker })).body.data.lines[0] as { id: number }
}

async function remittanceChecks() {
  const run = await reconcileLedgers({ db: getDb(), mail: async () => true, clock, trigger: 'test' })
  return ((run.mismatches ?? []) as { check: string; message: string }[])
    .filter((m) => m.check === 'journal_insurer_remittance')
    .map((m) => m.message)
}

const remittanceOf = async (insurer: number) =>
  (
    await getDb()
      .select()
      .from(insurerRemittances)
      .where(sql`${insurerRemittances.insurance_provider_id} = ${insurer} and status <> 'CANCELLED'`)
  )[0]

describe('an approved remittance in a payout batch', () => {
  it('is refused by a batch while it is not approved', async () => {
    const z = await remittanceOf(Z)
    const early = await api('POST', PB, { token: maker, body: { remittance_ids: [z.id] } })
    expect(early.status).toBe(409)
    expect(early.body.message).toBe(`Remittance #${z.id} is PROPOSED; a batch pays APPROVED remittances`)
  })

  it('is paid with the payouts when the batch debit is confirmed: PAID, its money out of the bank once', async () => {
    const x = await remittanceOf(X)
    const { payout } = await requestedPayoutByApi()
    const built = await api('POST', PB, {
      token: maker,
      body: { payout_ids: [payout.id], remittance_ids: [x.id] },
    })
    expect(built.status, JSON.stringify(built.body)).toBe(201)
    const batch = built.body.data as { id: number; total_cents: number }
    expect(batch.total_cents).toBe(payout.total_amount + 39_000)
    const inBatch = await api('POST', `${R}/${x.id}/cancel`, { token: maker, body: {} })
    expect(inBatch.status).toBe(409)
    expect(inBatch.body.message).toBe(REMITTANCE_MESSAGES.inBatch(x.id, batch.id))
    expect((await api('POST', `${PB}/${batch.id}/approve`, { token: checker })).status).toBe(200)
    const file = (await api('GET', `${PB}/${batch.id}/aba`, { token: maker })).body as string
    const line = file.split('\r\n').find((r) => r.slice(62, 80).trim() === `REMIT ${x.id}`)!
    expect(line.slice(1, 8)).toBe('083-004')
    expect(line.slice(8, 17)).toBe(' 55501234')
    expect(line.slice(20, 30)).toBe('0000039000')
    expect(line.slice(30, 62).trim()).toBe('INSURER X TRUST')

    const debit = await debitLine(batch.total_cents, batch.id)
    const done = await api('POST', `${BS}/lines/${debit.id}/confirm`, { token: checker })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect((await remittanceOf(X)).status).toBe('PAID')
    const out = await getDb()
      .select()
      .from(moneyTransfers)
      .where(eq(moneyTransfers.code, 'INSURER_REMITTANCE'))
    expect(out.map((t) => [t.amount, t.idempotency_key])).toEqual([[39_000, `insurer-remittance:${x.id}`]])
    const [{ debits, credits }] = (
      await getDb().execute<{ debits: string; credits: string }>(
        sql`select sum(posted_debits) as debits, sum(posted_credits) as credits from money_accounts`,
      )
    ).rows
    expect(debits).toBe(credits)
    // Paid, the month's figures do not count the remittance: proposing again adds nothing.
    expect((await propose()).body.data.created).toEqual([])
    // The nightly reconciliation proves the payment against the journal, and finds a stray one.
    expect(await remittanceChecks()).toEqual([])
    const stray = await journalRow(new Date().toISOString(), 500, 'POSTED', {
      debit: 'house:insurer',
      credit: 'clearing:bank',
      code: 'INSURER_REMITTANCE',
    })
    expect(await remittanceChecks()).toEqual([
      `${stray}: the remittance says A$0.00 was paid but the journal holds A$5.00`,
    ])
  })

  it('goes back to APPROVED when the bank returns its line, free for a new batch', async () => {
    const z = await remittanceOf(Z)
    expect((await api('POST', `${R}/${z.id}/approve`, { token: checker })).status).toBe(200)
    const built = await api('POST', PB, { token: maker, body: { remittance_ids: [z.id] } })
    const batchId = built.body.data.id as number
    expect((await api('POST', `${PB}/${batchId}/approve`, { token: checker })).status).toBe(200)
    expect((await api('GET', `${PB}/${batchId}/aba`, { token: maker })).status).toBe(200)
    const items = (await api('GET', `${PB}/${batchId}`, { token: maker })).body.data.items
    expect(items[0]).toMatchObject({
      remittance_id: z.id,
      payout_id: null,
      payee_name: expect.stringContaining(`remittance #${z.id}`),
    })
    const returned = await api('POST', `${PB}/${batchId}/items/${items[0].id}/return`, {
      token: checker,
      body: { return_reason: 'Account closed' },
    })
    expect(returned.status, JSON.stringify(returned.body)).toBe(200)
    expect(returned.body.data.status).toBe('CANCELLED')
    expect((await remittanceOf(Z)).status).toBe('APPROVED')
    expect((await api('POST', PB, { token: maker, body: { remittance_ids: [z.id] } })).status).toBe(201)
  })
})
