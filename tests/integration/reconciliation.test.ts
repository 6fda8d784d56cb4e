import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyBalances, invoices, reconciliationRuns, tasks } from '../../db/schema'
import { createAgency } from '../../db/seed/factories'
import { findOutbox } from '../../domain/mail/mailer'
import { createInvoice } from '../../domain/finance/invoices/invoices'
import { recordInvoicePayment } from '../../domain/finance/invoices/invoice-payments'
import { postBalanceEntry, postBnplEntry } from '../../domain/finance/ledger/ledger'
import { financeTeamEmail } from '../../domain/shared/config'
import { settleBnplByBank } from '../setup/bnpl'
import * as reconciliationPage from '../../app/routes/staff+/finance.reconciliation'
import { agencyUserWith, agencyWithToken, api, staffToken, staffWith } from '../setup/api'

const OSHC = '/oshc/finance-management'
const ORIGIN = 'http://test.local'
let admin: string

const get = (path: string, token: string) =>
  new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })
const post = (path: string, token: string) =>
  new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { cookie: `oshc_session=${token}`, origin: ORIGIN },
    body: new URLSearchParams({}),
  })
const args = (request: Request) => ({ request, params: {}, context: {} })

/** What a route threw (a Response status), or 'passed'. */
async function outcome(run: () => Promise<unknown>) {
  try {
    await run()
    return 'passed'
  } catch (err) {
    if (!(err instanceof Response)) throw err
    return err.status
  }
}

/**
 * An agency whose books are true, written by the money writers the use cases use: balance ledger
 * entries, a BNPL allowance (set as the agency configuration sets it), BNPL use and a bank
 * settlement of part of it, a pending
 * invoice with taxed line items, a paid one and a part-paid one.
 */
async function agencyWithCleanBooks() {
  const db = getDb()
  const agency = await createAgency(db, { status: 'PORTAL_ACTIVATED' })
  const actor = 'test:reconciliation'
  const made = await db.transaction(async (tx) => {
    await postBalanceEntry(tx, { agencyId: agency.id, type: 'AGENCY_TOPUP', amount: 100_00, actor })
    await postBalanceEntry(tx, { agencyId: agency.id, type: 'POLICY_PURCHASED', amount: -25_50, actor })
    await tx
      .update(agencyBalances)
      .set({ buy_now_pay_later_amount: 500_00, buy_now_pay_later_remaining_amount: 500_00 })
      .where(eq(agencyBalances.agency_id, agency.id))
    await postBnplEntry(tx, { agencyId: agency.id, amount: -120_00, actor })
    await settleBnplByBank(tx, agency.id, 20_00, actor)
    const item = (total: number, tax = 0) => ({
      line_item_type: 'PREMIUM' as const,
      description: 'Premium',
      total_amount: total,
      tax_amount: tax,
      payer: 'AGENCY',
      receiver: 'OSHC',
    })
    const base = { agencyId: agency.id, type: 'PREMIUM' as const, from: 'OSHC', to: 'AGENCY' }
    const pending = await createInvoice(tx, { ...base, items: [item(110_00, 10_00), item(40_00)] })
    const paid = await createInvoice(tx, { ...base, items: [item(75_00)] })
    await recordInvoicePayment(tx, {
      invoiceId: paid.invoice.id,
      method: 'BANK',
      amount: 75_00,
      status: 'COMPLETED',
      actor,
    })
    const part = await createInvoice(tx, { ...base, items: [item(60_00)] })
    await recordInvoicePayment(tx, {
      invoiceId: part.invoice.id,
      method: 'BANK',
      amount: 20_00,
      status: 'COMPLETED',
      actor,
    })
    return { pending: pending.invoice.id, paid: paid.invoice.id, part: part.invoice.id }
  })
  return { agency, invoices: made }
}

async function runNow(token = admin) {
  const r = await api('POST', `${OSHC}/runReconciliation`, { token })
  expect(r.status).toBe(200)
  return r.body.data as {
    id: number
    agencies_checked: number
    invoices_checked: number
    mismatch_count: number
    mismatches: {
      check: string
      agency_id: number
      agency_name: string
      invoice_id: number | null
      message: string
      account?: string
      figures: Record<string, number>
    }[]
  }
}

const ofAgency = (run: Awaited<ReturnType<typeof runNow>>, agencyId: number) =>
  run.mismatches.filter((m) => m.agency_id === agencyId)

beforeAll(async () => {
  admin = await staffToken()
})

describe('ledger reconciliation', () => {
  it('finds nothing wrong in books written by the money writers', async () => {
    const { agency, invoices: inv } = await agencyWithCleanBooks()
    const run = await runNow()
    expect(ofAgency(run, agency.id)).toEqual([])
    expect(run.agencies_checked).toBeGreaterThanOrEqual(1)
    expect(run.invoices_checked).toBeGreaterThanOrEqual(3)
    const [paid] = await getDb().select().from(invoices).where(eq(invoices.id, inv.paid))
    expect(paid.status).toBe('PAID')
    // No task opened for this agency's books.
    const open = await getDb()
      .select()
      .from(tasks)
      .where(and(eq(tasks.workflow_id, `reconciliation-${run.id}`), eq(tasks.agency_id, agency.id)))
    expect(open).toEqual([])
    // The list answers the run, newest first, with its figures.
    const list = await api('GET', `${OSHC}/getReconciliationRuns`, { token: admin, query: { perPage: '5' } })
    expect(list.status).toBe(200)
    expect(list.body.data[0].id).toBe(run.id)
    expect(list.body.pageInfo).toMatchObject({ page: 1, perPage: 5 })
  })

  it('a balance changed behind the ledger is a mismatch naming the agency, with a staff task and a mail', async () => {
    const { agency } = await agencyWithCleanBooks()
    await getDb()
      .update(agencyBalances)
      .set({ balance: 75_50 + 12_34 })
      .where(eq(agencyBalances.agency_id, agency.id))
    const run = await runNow()
    const found = ofAgency(run, agency.id)
    // The journal still holds what the writers posted, so the balance also disagrees with it.
    expect(found.map((m) => m.check).sort()).toEqual([
      'balance_last_entry',
      'balance_ledger_sum',
      'journal_balance',
    ])
    expect(found.find((m) => m.check === 'journal_balance')).toMatchObject({
      account: `agency:${agency.id}:balance`,
      figures: { balance: 87.84, journal_balance: 74.5 },
      message: 'Balance A$87.84 but its journal account holds A$74.50',
    })
    const sum = found.find((m) => m.check === 'balance_ledger_sum')!
    // Figures are dollars in the answer, like every amount.
    expect(sum.figures).toEqual({ balance: 87.84, ledger_total: 74.5 })
    expect(sum.agency_name).toBe(agency.full_company_name ?? agency.email)
    expect(sum.message).toBe('Balance A$87.84 but its ledger sums to A$74.50')
    expect(run.mismatch_count).toBeGreaterThanOrEqual(3)

    const [task] = await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.workflow_id, `reconciliation-${run.id}`))
    expect(task).toMatchObject({
      kind: 'reconciliation',
      audience: 'staff',
      link: '/staff/finance/reconciliation',
    })
    expect(task.closed_at).toBeNull()
    expect(task.subject).toContain(`#${run.id}`)
    const mails = (await findOutbox(financeTeamEmail())).filter((m) => m.subject.includes(`#${run.id} `))
    expect(mails).toHaveLength(1)
    expect(mails[0].text).toContain(
      `(agency #${agency.id}): Balance vs ledger sum: Balance A$87.84 but its ledger sums to A$74.50`,
    )

    // The next run supersedes this run's task (its own carries the current figures).
    const next = await runNow()
    const [old] = await getDb().select().from(tasks).where(eq(tasks.id, task.id))
    expect(old.closed_at).not.toBeNull()
    const [current] = await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.workflow_id, `reconciliation-${next.id}`))
    expect(current.closed_at).toBeNull()
  })

  it('names a corrupted invoice total, a paid invoice without payments and a BNPL figure off its ledger', async () => {
    const { agency, invoices: inv } = await agencyWithCleanBooks()
    const db = getDb()
    await db.update(invoices).set({ total_amount_due: 150_01 }).where(eq(invoices.id, inv.pending))
    await db
      .update(invoices)
      .set({ status: 'PAID', total_outstanding_amount: 0 })
      .where(eq(invoices.id, inv.part))
    await db
      .update(agencyBalances)
      .set({ buy_now_pay_later_remaining_amount: 500_00 })
      .where(eq(agencyBalances.agency_id, agency.id))
    const run = await runNow()
    const found = ofAgency(run, agency.id)
    const by = (check: string, invoiceId: number | null = null) =>
      found.find((m) => m.check === check && m.invoice_id === invoiceId)

    expect(by('invoice_totals', inv.pending)?.figures).toEqual({
      sub_total: 150,
      total_amount_due: 150.01,
      line_items_total: 150,
    })
    expect(by('invoice_paid', inv.part)?.figures).toEqual({ total_amount_due: 60, completed_payments: 20 })
    expect(by('invoice_outstanding', inv.part)?.figures).toMatchObject({
      total_outstanding_amount: 0,
      expected_outstanding: 40,
    })
    expect(by('journal_bnpl')?.figures).toEqual({ bnpl_used: 0, journal_bnpl_used: 100 })
    expect(by('bnpl_remaining')?.figures).toEqual({
      bnpl_remaining: 500,
      bnpl_allowance: 500,
      bnpl_ledger_total: -100,
      expected_remaining: 400,
    })
    // The paid invoice and the balance are still true.
    expect(found.some((m) => m.invoice_id === inv.paid)).toBe(false)
    expect(found.some((m) => m.check.startsWith('balance'))).toBe(false)
  })

  it('the staff screen shows the last run and runs one now', async () => {
    const { agency } = await agencyWithCleanBooks()
    await getDb().update(agencyBalances).set({ balance: 1 }).where(eq(agencyBalances.agency_id, agency.id))
    const res = (await reconciliationPage.action(
      args(post('/staff/finance/reconciliation', admin)),
    )) as Response
    expect(res.status).toBe(302)
    const location = res.headers.get('location')!
    const runId = Number(/\?run=(\d+)$/.exec(location)?.[1])
    expect(runId).toBeGreaterThan(0)

    const page = await reconciliationPage.loader(args(get(location, admin)))
    expect(page.shown?.id).toBe(runId)
    expect(page.runs[0].id).toBe(runId)
    const mine = page.shown!.mismatches.filter((m) => m.agency_id === agency.id)
    expect(mine.find((m) => m.check === 'balance_ledger_sum')?.figures).toEqual({
      balance: 0.01,
      ledger_total: 74.5,
    })
    expect(page.shown!.trigger).toBe('Oshc:admin@oshc.local')
    // Without ?run the newest run is shown.
    expect(
      (await reconciliationPage.loader(args(get('/staff/finance/reconciliation', admin)))).shown?.id,
    ).toBe(runId)
  })

  it('is for staff holding finance only', async () => {
    const { agency, token } = await agencyWithToken()
    const agencyUser = await agencyUserWith(agency.id, ['finance'])
    const noFinance = await staffWith(['policy_management'])
    const finance = await staffWith(['finance'])
    for (const t of [token, agencyUser, noFinance]) {
      expect((await api('GET', `${OSHC}/getReconciliationRuns`, { token: t })).status).toBe(403)
      expect((await api('POST', `${OSHC}/runReconciliation`, { token: t })).status).toBe(403)
    }
    expect((await api('GET', `${OSHC}/getReconciliationRuns`)).status).toBe(401)
    expect((await api('GET', `${OSHC}/getReconciliationRuns`, { token: finance })).status).toBe(200)

    const runs = async () => (await getDb().select().from(reconciliationRuns)).length
    const before = await runs()
    for (const t of [token, noFinance]) {
      expect(
        await outcome(() => reconciliationPage.loader(args(get('/staff/finance/reconciliation', t)))),
      ).toBe(403)
      expect(
        await outcome(() => reconciliationPage.action(args(post('/staff/finance/reconciliation', t)))),
      ).toBe(403)
    }
    expect(
      await outcome(() => reconciliationPage.loader(args(get('/staff/finance/reconciliation', finance)))),
    ).toBe('passed')
    // Refused callers ran nothing.
    expect(await runs()).toBe(before)
  })
})
