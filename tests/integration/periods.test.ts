// Closed periods (issue 25, ADR 0019): a month is proposed with its trial balance by one person and
// closed by another; the trigger of migration 0041 then refuses anything created or decided in it,
// the journal writer answers that as a 409 naming the month, a pending transfer of the month posted
// or voided later counts in the open month (so the closed month's trial balance never changes), and
// reopening takes a reason and a second person. Months of 2019: no other test posts there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { decidePending, postTransfers } from '../../domain/money/journal'
import { clock } from '../../domain/shared/clock'
import { MAKER_CHECKER_MSG } from '../../domain/finance/finance.rules'
import { sydneyMonth } from '../../domain/finance/periods/periods.rules'
import { monthTrialBalance } from '../../domain/finance/periods/month-trial-balance'
import { createPolicy } from '../../db/seed/factories'
import { agencyWithToken, api, staffToken, staffWith } from '../setup/api'
import { journalRow, policyAccounts } from '../setup/journal-rows'

const P = '/oshc/finance-management/periods'
const JAN = '2019-01'
const FEB = '2019-02'
const A = 'house:write_off'
const B = 'house:opening'
let maker: string
let checker: string
let outsider: string

/** January's premium, commission, payout, clawback and refund of one policy, posted straight in. */
async function januaryBusiness() {
  const { agency } = await agencyWithToken()
  const { policy } = await createPolicy(getDb(), { agencyId: agency.id })
  const [insurer] = await getDb()
    .execute<{ name: string }>(
      sql`select name from insurance_providers where id = ${policy.insurance_provider_id}`,
    )
    .then((r) => r.rows)
  const { payable, received, clawback } = await policyAccounts(agency.id, policy.id)
  const ids = { agencyId: agency.id, policyId: policy.id }
  const at = '2019-01-12T02:00:00Z'
  await journalRow(at, 500, 'POSTED', {
    debit: 'clearing:bank',
    credit: received,
    code: 'PREMIUM_PAID',
    ...ids,
  })
  await journalRow(at, 30, 'POSTED', { debit: received, credit: 'clearing:bank', code: 'REFUND', ...ids })
  await journalRow(at, 150, 'POSTED', {
    debit: 'house:insurer',
    credit: payable,
    code: 'COMMISSION_BANKED',
    ...ids,
  })
  await journalRow(at, 100, 'POSTED', { debit: payable, credit: 'clearing:bank', code: 'PAYOUT', ...ids })
  await journalRow(at, 20, 'POSTED', { debit: payable, credit: clawback, code: 'CLAWBACK', ...ids })
  const [invoice] = (
    await getDb().execute<{ id: number }>(sql`
      insert into invoices (agency_id, "from", "to", invoice_type, invoice_date, due_date, total_amount_due, status)
      values (${agency.id}, 'agency', 'admin', 'PREMIUM', '2018-11-15', '2018-11-20', 1000, 'PARTIALLY_PAID')
      returning id`)
  ).rows
  const invoicePaid = `invoice:${invoice!.id}:payments`
  await getDb().execute(
    sql`insert into money_accounts (code, kind, invoice_id) values (${invoicePaid}, 'invoice_payments', ${invoice!.id})`,
  )
  await journalRow('2019-01-05T02:00:00Z', 300, 'POSTED', {
    debit: 'clearing:bank',
    credit: invoicePaid,
    code: 'INVOICE_PAYMENT',
  })
  return { agency, policy, insurer: insurer!.name, invoiceId: invoice!.id, invoicePaid }
}
let business: Awaited<ReturnType<typeof januaryBusiness>>

const propose = (month: string, token = maker) => api('POST', `${P}/${month}/propose`, { token })
const close = (month: string, token = checker) => api('POST', `${P}/${month}/close`, { token })
const period = async (month: string) => (await api('GET', `${P}/${month}`, { token: maker })).body.data

beforeAll(async () => {
  maker = await staffToken()
  checker = await staffWith(['finance'])
  outsider = await staffWith(['policy_management'])
  await getDb().execute(
    sql`insert into money_accounts (code, kind) values (${A}, 'house'), (${B}, 'house') on conflict do nothing`,
  )
})

afterAll(async () => {
  // Leave 2019 open for anyone after us (the rows are ours: this file's own database).
  await getDb().execute(sql`update accounting_periods set status = 'OPEN' where month < '2020-01-01'`)
})

describe('closing a month', () => {
  let pendingToPost: string
  let pendingToVoid: string

  it('only an ended month may be proposed, and months close in order', async () => {
    await journalRow('2019-01-10T02:00:00Z', 1000)
    pendingToPost = await journalRow('2019-01-20T02:00:00Z', 700, 'PENDING')
    pendingToVoid = await journalRow('2019-01-21T02:00:00Z', 300, 'PENDING')
    await journalRow('2019-02-05T02:00:00Z', 400)
    business = await januaryBusiness()

    const now = await propose(sydneyMonth(new Date()))
    expect(now.status).toBe(409)
    expect(now.body.message).toMatch(/has not ended yet/)

    const early = await propose(FEB)
    expect(early.status).toBe(409)
    expect(early.body.message).toContain('January 2019 has money transfers and is not closed')
  })

  it('counts the month in Australia/Sydney: 31 Jan 14:00 UTC is February there', async () => {
    const before = await monthTrialBalance(getDb(), FEB)
    await journalRow('2019-01-31T14:00:00Z', 50)
    const after = await monthTrialBalance(getDb(), FEB)
    expect(after.total.month_debits - before.total.month_debits).toBe(50)
  })

  it('is proposed by one person with its trial balance and closed by another (maker-checker)', async () => {
    const proposed = await propose(JAN)
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200)
    expect(proposed.body.data.status).toBe('PROPOSED')
    const house = proposed.body.data.trial_balance.kinds.find((k: { kind: string }) => k.kind === 'house')
    expect(house).toMatchObject({ month_debits: 1150, month_credits: 1000, pending_debits: 1000 })

    expect((await close(JAN, outsider)).status).toBe(403)
    const self = await close(JAN, maker)
    expect(self.status).toBe(403)
    expect(self.body.message).toBe(MAKER_CHECKER_MSG)

    const closed = await close(JAN)
    expect(closed.status, JSON.stringify(closed.body)).toBe(200)
    expect(closed.body.data).toMatchObject({ status: 'CLOSED', closed: true })
    expect((await propose(JAN)).status).toBe(409)
  })

  it('the database refuses a transfer created or decided in the closed month', async () => {
    await expect(journalRow('2019-01-15T02:00:00Z', 10)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: 'PC001', hint: JAN }),
    })
    await expect(
      getDb().execute(
        sql`update money_transfers set state = 'POSTED', decided_at = '2019-01-25T00:00:00Z' where idempotency_key = ${pendingToPost}`,
      ),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: 'PC001' }) })
  })

  it('the journal writer answers a posting dated in the closed month with a 409 naming it', async () => {
    const realNow = clock.now
    clock.now = () => new Date('2019-01-15T02:00:00Z')
    try {
      await expect(
        getDb().transaction((tx) =>
          postTransfers(tx, [
            {
              key: `periods-late-${Date.now()}`,
              debit: A,
              credit: B,
              amount: 5,
              code: 'ADJUSTMENT',
              actor: 'test',
            },
          ]),
        ),
      ).rejects.toMatchObject({
        code: 'CONFLICT',
        message: expect.stringContaining('January 2019 is closed'),
      })
    } finally {
      clock.now = realNow
    }
  })

  it('a pending transfer of the closed month posted or voided now counts in the open month; the closed one is unchanged', async () => {
    const current = sydneyMonth(new Date())
    const closedBefore = await monthTrialBalance(getDb(), JAN)
    const openBefore = await monthTrialBalance(getDb(), current)
    await getDb().transaction(async (tx) => {
      await decidePending(tx, pendingToPost, 'post')
      await decidePending(tx, pendingToVoid, 'void')
    })
    const closedAfter = await monthTrialBalance(getDb(), JAN)
    expect(closedAfter).toEqual(closedBefore)
    expect((await period(JAN)).period.trial_balance.kinds).toEqual(closedAfter.kinds)
    const openAfter = await monthTrialBalance(getDb(), current)
    expect(openAfter.total.month_debits - openBefore.total.month_debits).toBe(700)
  })

  it('reopens newest first, with a reason by one person confirmed by another, in the audit', async () => {
    expect((await propose(FEB)).status).toBe(200)
    expect((await close(FEB)).status).toBe(200)
    const tooEarly = await api('POST', `${P}/${JAN}/reopen-request`, {
      token: maker,
      body: { reason: 'Fix' },
    })
    expect(tooEarly.status).toBe(409)
    expect(tooEarly.body.message).toContain('February 2019 is closed')

    expect(
      (await api('POST', `${P}/${FEB}/reopen-request`, { token: maker, body: { reason: ' ' } })).status,
    ).toBe(400)
    const asked = await api('POST', `${P}/${FEB}/reopen-request`, {
      token: maker,
      body: { reason: 'A bank fee was missed' },
    })
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    expect(asked.body.data).toMatchObject({ status: 'REOPEN_REQUESTED', closed: true })
    await expect(journalRow('2019-02-10T02:00:00Z', 10)).rejects.toBeTruthy()

    const self = await api('POST', `${P}/${FEB}/reopen`, { token: maker })
    expect(self.status).toBe(403)
    expect(self.body.message).toBe(MAKER_CHECKER_MSG)
    const reopened = await api('POST', `${P}/${FEB}/reopen`, { token: checker })
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200)
    expect(reopened.body.data.status).toBe('OPEN')
    await journalRow('2019-02-10T02:00:00Z', 10)

    const { events } = await period(FEB)
    expect(events.map((e: { kind: string }) => e.kind)).toEqual([
      'PROPOSED',
      'CLOSED',
      'REOPEN_REQUESTED',
      'REOPENED',
    ])
    expect(events[2].reason).toBe('A bank fee was missed')
  })

  it('refuses to close a month whose trial balance changed since it was proposed', async () => {
    expect((await propose(FEB)).status).toBe(200)
    await journalRow('2019-02-11T02:00:00Z', 20)
    const changed = await close(FEB)
    expect(changed.status).toBe(409)
    expect(changed.body.message).toContain('has changed since it was proposed')
  })

  it('lists the ended months with their status', async () => {
    const r = await api('GET', P, { token: maker })
    expect(r.status).toBe(200)
    const byMonth = new Map(
      r.body.data.months.map((m: { month: string; status: string }) => [m.month, m.status]),
    )
    expect(byMonth.get(JAN)).toBe('CLOSED')
    expect(byMonth.get(FEB)).toBe('PROPOSED')
    expect(byMonth.has(sydneyMonth(new Date()))).toBe(false)
    expect((await api('GET', P, { token: outsider })).status).toBe(403)
  })

  it("gives a closed month's pack from the journal as CSV and XLSX; an open month has none", async () => {
    const csv = async (report: string) => {
      const r = await api('GET', `${P}/${JAN}/pack/${report}`, { token: maker, query: { format: 'csv' } })
      expect(r.status, String(r.body)).toBe(200)
      return (r.body as string).trim().split('\r\n')
    }
    const premium = await csv('premium-by-insurer')
    expect(premium[0]).toBe(
      'Insurer,Policies,Premium received (cents),Premium returned (cents),Net premium (cents)',
    )
    expect(premium).toContain(`${business.insurer},1,500,30,470`)
    const commission = await csv('commission-by-agency')
    expect(commission).toContain(
      `${business.agency.id},${business.agency.full_company_name ?? business.agency.email},150,0,0,100,20`,
    )
    const refunds = await csv('refunds')
    expect(refunds).toHaveLength(2)
    expect(refunds[1]).toContain(`,${business.policy.id},${business.agency.id},30,clearing:bank,`)
    // Paid after the close: the month's receivables still show what was owed at its end.
    await getDb().transaction((tx) =>
      postTransfers(tx, [
        {
          key: `periods-late-pay-${Date.now()}`,
          debit: 'clearing:bank',
          credit: business.invoicePaid,
          amount: 200,
          code: 'ADJUSTMENT',
          actor: 'test',
        },
      ]),
    )
    const receivables = await csv('receivables')
    expect(receivables.find((l) => l.startsWith(`${business.invoiceId},`))).toMatch(
      /,PREMIUM,2018-11-15,2018-11-20,1000,300,700,72,61-90 days$/,
    )
    const sales = await csv('xero-sales-invoices')
    expect(sales[0]).toBe(
      '*ContactName,EmailAddress,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,*Description,*Quantity,*UnitAmount,*AccountCode,*TaxType,Currency',
    )
    const sale = sales.find((l) => l.includes(`PREM-201901-${business.policy.ref}`))
    expect(sale).toContain(`,${business.policy.ref},12/01/2019,12/01/2019,`)
    expect(sale).toMatch(/,1,5\.00,200,GST Free Income,AUD$/)
    const bills = await csv('xero-bills')
    expect(bills.filter((l) => l.includes(`COM-201901-${business.agency.id}`))).toEqual([
      expect.stringMatching(/,Commission banked in 2019-01,1,1\.50,310,GST Free Expenses,AUD$/),
    ])
    const trial = await csv('trial-balance')
    expect(trial.at(-1)).toMatch(/^total,Total,/)

    const xlsx = await api('GET', `${P}/${JAN}/pack/trial-balance`, {
      token: maker,
      query: { format: 'xlsx' },
    })
    expect(xlsx.status).toBe(200)
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml')

    const open = await api('GET', `${P}/${FEB}/pack/trial-balance`, { token: maker })
    expect(open.status).toBe(409)
    expect((await api('GET', `${P}/${JAN}/pack/trial-balance`, { token: outsider })).status).toBe(403)
  })
})
