import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencyBalances,
  agencyBalanceTransactions,
  clawbacks,
  invoiceLineItems,
  moneyTransfers,
  tasks,
} from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { postBalanceEntry } from '../../domain/finance/ledger/ledger'
import { reconcileLedgers } from '../../domain/finance/reconciliation/reconcile-ledgers'
import { sendMail } from '../../domain/mail/mailer'
import { clock } from '../../domain/shared/clock'
import * as staffClawbacks from '../../app/routes/staff+/finance.clawbacks/route'
import * as agencyClawbacks from '../../app/routes/agency+/finance.clawbacks/route'
import * as staffPolicyClawback from '../../app/routes/staff+/policies.$policyId.clawback'
import * as agencyPolicyPage from '../../app/routes/agency+/policies.$policyId._index/route'
import { agencyWithToken, api, staffToken, staffWith } from '../setup/api'
import { eventually } from '../setup/eventually'
import { startWorker } from '../setup/worker'
import { payOutCommission, uploadedFile } from '../setup/payouts'
import { account } from '../../domain/money/accounts'
import { getAccount } from '../../domain/money/journal'

const AGENCY = '/agencies/finance-management'
const OSHC = '/oshc/finance-management'

let admin: string
let checker: string
let stop: () => Promise<void>

/** An agency with a token and `count` paid policies; the first one's commission is paid out. */
async function paidOutAgency(count = 2) {
  const { agency, token } = await agencyWithToken()
  const policies = []
  for (let i = 0; i < count; i++)
    policies.push((await createPolicy(getDb(), { agencyId: agency.id, status: 'PAYMENT_APPROVED' })).policy)
  await payOutCommission(agency.id, policies[0].id)
  const lines = await getDb()
    .select({ id: invoiceLineItems.id })
    .from(invoiceLineItems)
    .where(
      and(
        inArray(
          invoiceLineItems.policy_id,
          policies.slice(1).map((p) => p.id),
        ),
        eq(invoiceLineItems.line_item_type, 'PREMIUM'),
      ),
    )
  return { agency, token, policies, target: policies[0], bankedLineIds: lines.map((l) => l.id) }
}

const initiate = (token: string, policyId: number, amount: number) =>
  api('POST', `/agencies/policy-management/initiate-clawback/${policyId}`, {
    token,
    body: { clawback_premium_amount: amount, clawback_document: null, clawback_document_name: null },
  })

/** The state of each journal transfer of a clawback, by key, in order. */
const clawbackTransfers = async (clawbackId: number) =>
  (
    await getDb()
      .select({
        key: moneyTransfers.idempotency_key,
        state: moneyTransfers.state,
        amount: moneyTransfers.amount,
      })
      .from(moneyTransfers)
      .where(eq(moneyTransfers.clawback_id, clawbackId))
      .orderBy(moneyTransfers.id)
  ).map((t) => [t.key, t.state, t.amount])

/** Nothing of this agency's records disagrees with the journal (the nightly reconciliation). */
async function expectReconciled(agencyId: number) {
  const run = await reconcileLedgers({ db: getDb(), mail: sendMail, clock, trigger: 'test' })
  const mismatches = (run.mismatches ?? []) as { agency_id: number }[]
  expect(mismatches.filter((m) => m.agency_id === agencyId)).toEqual([])
}

const openTask = (clawbackId: number, kind: string) =>
  eventually(async () => {
    const [t] = await getDb()
      .select()
      .from(tasks)
      .where(
        and(eq(tasks.workflow_id, `clawback-${clawbackId}`), eq(tasks.kind, kind), isNull(tasks.closed_at)),
      )
    return t
  }, `the ${kind} task`)

beforeAll(async () => {
  stop = await startWorker()
  admin = await staffToken()
  checker = await staffWith(['finance'])
})
afterAll(() => stop())

describe('clawbacks through the API', () => {
  it('initiate: the server computes the commission; refusals are 409 with the reason; details preview it', async () => {
    const a = await paidOutAgency(1)
    const premium = a.target.premium_without_gst! / 100
    const details = await api('GET', '/oshc/policy-management/getClawbackInitiateDetails', {
      token: admin,
      query: { policy_id: String(a.target.id) },
    })
    expect(details.status).toBe(200)
    expect(details.body.data).toMatchObject({
      can_initiate: true,
      commission_status: 'PAID',
      status: 'PAYMENT_APPROVED',
    })
    const r = await initiate(admin, a.target.id, premium)
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    const rate = Number(a.target.commission_rate)
    const cents = Math.floor((2 * a.target.premium_without_gst! * rate * 100 + 10000) / 20000)
    expect(r.body.data).toMatchObject({ status: 'INITIATED', clawback_commission_amount: cents / 100 })
    // A second clawback while one is open: 409 naming the status.
    const again = await initiate(admin, a.target.id, premium)
    expect(again.status).toBe(409)
    expect(again.body.message).toMatch(/Clawback initiated/)
    // A policy whose commission is only banked: 409 with the reason; the agency may not initiate (403).
    const b = await agencyWithToken()
    const { policy } = await createPolicy(getDb(), { agencyId: b.agency.id, status: 'PAYMENT_APPROVED' })
    const unpaid = await initiate(admin, policy.id, 10)
    expect(unpaid.status).toBe(409)
    expect(unpaid.body.message).toMatch(/commission has been paid/)
    expect((await initiate(a.token, a.target.id, premium)).status).toBe(403)
  })

  it('pay by AGENCY_BALANCE: tenant 404, insufficient 409, approve by another staff member; reads, exports and ledger', async () => {
    const a = await paidOutAgency(2)
    const other = await agencyWithToken()
    const init = await initiate(admin, a.target.id, a.target.premium_without_gst! / 100)
    const id = init.body.data.id as number
    await openTask(id, 'clawback-payment')
    const pay = (token: string, method: string, doc: string | null = null) =>
      api('POST', `${AGENCY}/clawbackPayment`, {
        token,
        body: { policy_id: a.target.id, payment_method: method, bank_document: doc },
      })
    expect((await pay(other.token, 'AGENCY_BALANCE')).status).toBe(404)
    const poor = await pay(a.token, 'AGENCY_BALANCE')
    expect(poor.status).toBe(409)
    expect(poor.body.message).toBe('Insufficient agency balance')
    expect((await pay(a.token, 'BANK')).status).toBe(400)
    await getDb().transaction((tx) =>
      postBalanceEntry(tx, { agencyId: a.agency.id, type: 'AGENCY_TOPUP', amount: 5_000_00, actor: 'test' }),
    )
    const paid = await pay(a.token, 'AGENCY_BALANCE')
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    expect(paid.body.data).toMatchObject({ status: 'REQUESTED', clawback_method: 'AGENCY_BALANCE' })
    // Issue 22: the payment is reserved on the journal until staff decide (the balance falls now).
    const owed = Math.round(paid.body.data.clawback_commission_amount * 100)
    expect(await clawbackTransfers(id)).toEqual([[`clawback-payment:${id}:1`, 'PENDING', owed]])
    expect(await getAccount(getDb(), account.agencyBalance(a.agency.id))).toMatchObject({
      pending_debits: owed,
    })
    await expectReconciled(a.agency.id)
    await openTask(id, 'clawback-decision')
    // Maker-checker: the initiator may not approve; another finance member does.
    expect((await api('POST', `${OSHC}/clawbackApprove/${a.target.id}`, { token: admin })).status).toBe(403)
    const ok = await api('POST', `${OSHC}/clawbackApprove/${a.target.id}`, { token: checker })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.data).toMatchObject({ status: 'COMPLETED', outstanding_amount: 0 })
    expect(await clawbackTransfers(id)).toEqual([[`clawback-payment:${id}:1`, 'POSTED', owed]])
    const collected = await getAccount(getDb(), account.policyClawback(a.target.id))
    expect(collected!.posted_credits - collected!.posted_debits).toBe(owed)
    expect((await api('POST', `${OSHC}/clawbackApprove/${a.target.id}`, { token: checker })).status).toBe(409)

    const list = await api('GET', `${OSHC}/getClawbackDetailsByAdmin`, {
      token: admin,
      query: { agency_id: String(a.agency.id) },
    })
    expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([id])
    expect(list.body.pageInfo.total).toBe(1)
    const mine = await api('GET', `${AGENCY}/getClawbackDetailsByAgency/${a.agency.id}`, { token: a.token })
    expect(mine.body.data).toHaveLength(1)
    expect(
      (await api('GET', `${AGENCY}/getClawbackDetailsByAgency/${a.agency.id}`, { token: other.token }))
        .status,
    ).toBe(404)
    const one = await api('GET', `${AGENCY}/getClawbackDetailsById/${a.target.id}`, { token: a.token })
    expect(one.body.data.clawback.history.map((h: { action: string }) => h.action)).toEqual([
      'INITIATED',
      'PAYMENT_REQUESTED',
      'APPROVED',
    ])
    expect(
      (await api('GET', `${AGENCY}/getClawbackDetailsById/${a.target.id}`, { token: other.token })).status,
    ).toBe(404)
    const admin1 = await api('GET', `${OSHC}/getClawbackDetailsByIdForAdmin/${a.target.id}`, { token: admin })
    expect(admin1.body.data.clawback.receipt_id).toMatch(/^CB-/)
    const open = await api('GET', `${AGENCY}/getClawbackDetailsForCommissionPayout/${a.agency.id}`, {
      token: a.token,
    })
    expect(open.body.data).toEqual([])
    const ledger = await api('GET', `${AGENCY}/getClawbackTransactionForAgency/${a.agency.id}`, {
      token: a.token,
    })
    expect(
      ledger.body.data.map((t: { method: string; transaction_amount: number }) => [
        t.method,
        t.transaction_amount,
      ]),
    ).toEqual([['AGENCY_BALANCE', ok.body.data.clawback_commission_amount]])
    const csv = await api('POST', `${OSHC}/exportClawbacks`, {
      token: admin,
      query: { agency_id: String(a.agency.id) },
    })
    expect(csv.status).toBe(200)
    expect(String(csv.body)).toContain(a.target.ref)
    const agencyCsv = await api('POST', `${AGENCY}/exportClawbacks`, { token: other.token })
    expect(String(agencyCsv.body)).not.toContain(a.target.ref)
    await expectReconciled(a.agency.id)
  })

  it('pay by BANK: approved, the transfer is posted from the bank clearing account to the policy', async () => {
    const a = await paidOutAgency(1)
    const init = await initiate(admin, a.target.id, a.target.premium_without_gst! / 100)
    const id = init.body.data.id as number
    await openTask(id, 'clawback-payment')
    const paid = await api('POST', `${AGENCY}/clawbackPayment`, {
      token: a.token,
      body: {
        policy_id: a.target.id,
        payment_method: 'BANK',
        bank_document: await uploadedFile(a.agency.id),
      },
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    // Nothing moves before staff verify the transfer.
    expect(await clawbackTransfers(id)).toEqual([])
    await openTask(id, 'clawback-decision')
    const ok = await api('POST', `${OSHC}/clawbackApprove/${a.target.id}`, { token: checker })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    const owed = Math.round(init.body.data.clawback_commission_amount * 100)
    expect(await clawbackTransfers(id)).toEqual([[`clawback:${id}:bank`, 'POSTED', owed]])
    const collected = await getAccount(getDb(), account.policyClawback(a.target.id))
    expect(collected!.posted_credits - collected!.posted_debits).toBe(owed)
    await expectReconciled(a.agency.id)
  })

  it('previews netting against banked lines; rejects with a reason and the balance payment is given back', async () => {
    const a = await paidOutAgency(2)
    const init = await initiate(admin, a.target.id, a.target.premium_without_gst! / 100)
    const id = init.body.data.id as number
    const preview = await api('POST', `${AGENCY}/getClawbackDetailsForBankedCommissions`, {
      token: a.token,
      body: { invoice_line_item_ids: a.bankedLineIds, agency_id: a.agency.id },
    })
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    expect(preview.body.data.clawbacks[0]).toMatchObject({ clawback_id: id })
    expect(preview.body.data.netted_amount).toBe(
      Math.min(preview.body.data.banked_commission_amount, init.body.data.clawback_commission_amount),
    )
    await getDb().transaction((tx) =>
      postBalanceEntry(tx, { agencyId: a.agency.id, type: 'AGENCY_TOPUP', amount: 5_000_00, actor: 'test' }),
    )
    await api('POST', `${AGENCY}/clawbackPayment`, {
      token: a.token,
      body: { policy_id: a.target.id, payment_method: 'AGENCY_BALANCE', bank_document: null },
    })
    await openTask(id, 'clawback-decision')
    const noReason = await api('POST', `${OSHC}/clawbackReject/${a.target.id}`, { token: checker, body: {} })
    expect(noReason.status).toBe(400)
    const rej = await api('POST', `${OSHC}/clawbackReject/${a.target.id}`, {
      token: checker,
      body: { rejection_reason: 'Wrong amount' },
    })
    expect(rej.status, JSON.stringify(rej.body)).toBe(200)
    expect(rej.body.data).toMatchObject({ status: 'REJECTED', rejection_reason: 'Wrong amount' })
    // The balance payment came back: the ledger holds the debit and its reversal, the balance the top-up.
    const [b] = await getDb().select().from(agencyBalances).where(eq(agencyBalances.agency_id, a.agency.id))
    expect(b.balance).toBe(5_000_00)
    const moves = await getDb()
      .select()
      .from(agencyBalanceTransactions)
      .where(
        and(
          eq(agencyBalanceTransactions.agency_id, a.agency.id),
          eq(agencyBalanceTransactions.type, 'CLAWBACK_PAYMENT'),
        ),
      )
      .orderBy(agencyBalanceTransactions.id)
    const cents = Math.round(init.body.data.clawback_commission_amount * 100)
    expect(moves.map((m) => m.transaction_amount)).toEqual([-cents, cents])
    const [c] = await getDb().select().from(clawbacks).where(eq(clawbacks.id, id))
    expect(c.outstanding_amount).toBe(c.clawback_commission_amount)
    // The reservation was voided, not posted back; paying again reserves anew.
    expect(await clawbackTransfers(id)).toEqual([[`clawback-payment:${id}:1`, 'VOIDED', cents]])
    await expectReconciled(a.agency.id)
    await openTask(id, 'clawback-payment')
    const again = await api('POST', `${AGENCY}/clawbackPayment`, {
      token: a.token,
      body: { policy_id: a.target.id, payment_method: 'AGENCY_BALANCE', bank_document: null },
    })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect((await clawbackTransfers(id)).at(-1)).toEqual([`clawback-payment:${id}:2`, 'PENDING', cents])
  })
})

describe('migration 0031 backfill', () => {
  it('posts a bank-transfer clawback completed before it, once, and the reconciliation then agrees', async () => {
    const { agency } = await agencyWithToken()
    const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'PAYMENT_APPROVED' })
    // A clawback completed by bank transfer before the journal knew them: its record only.
    const [legacy] = await getDb()
      .insert(clawbacks)
      .values({
        policy_id: policy.id,
        agency_id: agency.id,
        clawback_premium_amount: 100_00,
        clawback_commission_amount: 31_25,
        outstanding_amount: 0,
        status: 'COMPLETED',
        clawback_method: 'BANK',
        clawback_completed_at: new Date(),
      })
      .returning()
    const run = await reconcileLedgers({ db: getDb(), mail: sendMail, clock, trigger: 'test' })
    const mine = ((run.mismatches ?? []) as { agency_id: number }[]).filter((m) => m.agency_id === agency.id)
    expect(mine).toMatchObject([{ check: 'journal_clawback', account: `policy:${policy.id}:clawback` }])
    await getDb().transaction(async (tx) => {
      await tx.execute(sql`select money_journal_backfill_clawbacks()`)
      await tx.execute(sql`select money_journal_backfill_clawbacks()`) // a re-run adds nothing
    })
    expect(await clawbackTransfers(legacy.id)).toEqual([[`clawback:${legacy.id}:bank`, 'POSTED', 31_25]])
    await expectReconciled(agency.id)
  })
})

const ORIGIN = 'http://test.local'
const cookie = (token: string) => ({ cookie: `oshc_session=${token}` })
const get = (path: string, token: string) => new Request(`${ORIGIN}${path}`, { headers: cookie(token) })
const post = (path: string, token: string, form: FormData) =>
  new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    body: form,
    headers: { ...cookie(token), origin: ORIGIN },
  })
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} })
type Unwrapped<T> = T extends { data: infer D; init: unknown } ? D : T
const body = <T>(answer: T) => ((answer as { data?: unknown }).data ?? answer) as Unwrapped<T>

describe('clawback screens', () => {
  it('staff initiate on the policy page, the agency pays from its list, staff approve from theirs', async () => {
    const a = await paidOutAgency(1)
    const params = { policyId: String(a.target.id) }
    const page = body(
      await staffPolicyClawback.loader(args(get(`/staff/policies/${a.target.id}/clawback`, admin), params)),
    )
    expect(page.details).toMatchObject({ can_initiate: true })
    const bad = new FormData()
    bad.set('clawback_premium_amount', '')
    const refused = body(
      await staffPolicyClawback.action(
        args(post(`/staff/policies/${a.target.id}/clawback`, admin, bad), params),
      ),
    ) as { error: Record<string, string[]> }
    expect(Object.keys(refused.error)).toContain('clawback_premium_amount')
    const form = new FormData()
    form.set('clawback_premium_amount', String(a.target.premium_without_gst! / 100))
    const made = await staffPolicyClawback.action(
      args(post(`/staff/policies/${a.target.id}/clawback`, admin, form), params),
    )
    expect((made as Response).status).toBe(302)
    const [c] = await getDb().select().from(clawbacks).where(eq(clawbacks.policy_id, a.target.id))
    await openTask(c.id, 'clawback-payment')

    const mine = body(await agencyClawbacks.loader(args(get('/agency/finance/clawbacks', a.token))))
    expect(mine.rows.map((r) => [r.id, r.status])).toEqual([[c.id, 'INITIATED']])
    // The agency's policy page shows what is owed and leads to the payment form.
    const policyPage = body(
      await agencyPolicyPage.loader(args(get(`/agency/policies/${a.target.id}`, a.token), params)),
    )
    expect(policyPage.clawbacks).toEqual([
      expect.objectContaining({
        id: c.id,
        status: 'INITIATED',
        amount: c.clawback_commission_amount / 100,
        outstanding: c.clawback_commission_amount / 100,
      }),
    ])
    expect(policyPage.mayPay).toBe(true)
    await getDb().transaction((tx) =>
      postBalanceEntry(tx, { agencyId: a.agency.id, type: 'AGENCY_TOPUP', amount: 5_000_00, actor: 'test' }),
    )
    const pay = new FormData()
    pay.set('policy_id', String(a.target.id))
    pay.set('payment_method', 'AGENCY_BALANCE')
    const paid = await agencyClawbacks.action(args(post('/agency/finance/clawbacks', a.token, pay)))
    expect((paid as Response).status).toBe(302)
    await openTask(c.id, 'clawback-decision')

    const list = body(
      await staffClawbacks.loader(
        args(get(`/staff/finance/clawbacks?status=REQUESTED&agency_id=${a.agency.id}`, admin)),
      ),
    )
    expect(list.rows.map((r) => r.id)).toEqual([c.id])
    const decide = new FormData()
    decide.set('intent', `approve-clawback:${a.target.id}`)
    const done = await staffClawbacks.action(args(post('/staff/finance/clawbacks', checker, decide)))
    expect((done as Response).status).toBe(302)
    const [after] = await getDb().select().from(clawbacks).where(eq(clawbacks.id, c.id))
    expect(after.status).toBe('COMPLETED')
    // The agency side cannot open the staff list.
    await expect(
      staffClawbacks.loader(args(get('/staff/finance/clawbacks', a.token))),
    ).rejects.toBeInstanceOf(Response)
  })
})
