import { account } from '../../domain/money/accounts'
import { postTransfers } from '../../domain/money/journal'
import { describe, expect, it } from 'vitest'
import { getDb } from '../../db/client'
import { agencyBalances } from '../../db/schema'
import { postBalanceEntry, postBnplEntry } from '../../domain/finance/ledger/ledger'
import * as statementPage from '../../app/routes/agency+/finance.overview'
import * as exportRoute from '../../app/routes/agency+/finance.export'
import { settleBnplByBank } from '../setup/bnpl'
import { agencyWithToken } from '../setup/api'

const ORIGIN = 'http://test.local'
const get = (path: string, token: string) =>
  new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })
const args = (request: Request) => ({ request, params: {}, context: {} })

/** An agency with three balance movements and two BNPL ones, written by the ledger writers. */
async function agencyWithLedgers() {
  const { agency, token } = await agencyWithToken()
  const db = getDb()
  await db.transaction(async (tx) => {
    await postBalanceEntry(tx, {
      agencyId: agency.id,
      type: 'AGENCY_TOPUP',
      amount: 50_000,
      actor: 'test',
      note: '=HYPERLINK(1)',
    })
    await postBalanceEntry(tx, {
      agencyId: agency.id,
      type: 'POLICY_PURCHASED',
      amount: -12_345,
      actor: 'test',
    })
    // Commission paid to the balance was banked first (the commission-payable floor holds).
    await postTransfers(tx, [
      {
        key: `test-banked:${agency.id}`,
        debit: account.house('insurer'),
        credit: account.agencyCommissionPayable(agency.id),
        amount: 2_000,
        code: 'COMMISSION_BANKED',
        actor: 'test',
      },
    ])
    await postBalanceEntry(tx, {
      agencyId: agency.id,
      type: 'COMMISSION_RECEIVED',
      amount: 2_000,
      actor: 'test',
    })
    await tx
      .update(agencyBalances)
      .set({ buy_now_pay_later_amount: 100_000, buy_now_pay_later_remaining_amount: 100_000 })
    await postBnplEntry(tx, { agencyId: agency.id, amount: -30_000, actor: 'test' })
    await settleBnplByBank(tx, agency.id, 30_000)
  })
  return { agency, token }
}

describe("the agency's statement", () => {
  it('shows each account newest first with the running figure after every line', async () => {
    const { token } = await agencyWithLedgers()
    const balance = await statementPage.loader(args(get('/agency/finance/overview', token)))
    expect(balance.account).toBe('balance')
    expect(balance.rows.map((r) => [r.type, r.amount, r.after])).toEqual([
      ['Commission received', 20, 396.55],
      ['Policy paid', -123.45, 376.55],
      ['Top-up', 500, 500],
    ])
    const bnpl = await statementPage.loader(args(get('/agency/finance/overview?account=bnpl', token)))
    expect(bnpl.rows.map((r) => [r.type, r.amount, r.after])).toEqual([
      ['Allowance restored', 300, 1000],
      ['Bought on credit', -300, 700],
    ])
  })

  it('exports the chosen account as CSV, and shows only the caller its own', async () => {
    const { token } = await agencyWithLedgers()
    const other = await agencyWithLedgers()
    const res = (await exportRoute.loader(
      args(get('/agency/finance/export?list=overview&account=balance&format=csv', token)),
    )) as Response
    expect(res.headers.get('content-type')).toContain('text/csv')
    const lines = (await res.text()).trim().split(/\r?\n/)
    expect(lines[0]).toBe('Date,Type,Policy,Amount (AUD),After (AUD),Note')
    expect(lines.slice(1).map((l) => l.split(',').slice(1, 5))).toEqual([
      ['Commission received', '', '20', '396.55'],
      ['Policy paid', '', '-123.45', '376.55'],
      ['Top-up', '', '500', '500'],
    ])
    // Text that a spreadsheet would run as a formula is neutralised; amounts stay numbers.
    expect(lines[3]).toMatch(/,'=HYPERLINK\(1\)$/)
    // Another agency's token reads its own statement, never this one's.
    const theirs = await statementPage.loader(args(get('/agency/finance/overview', other.token)))
    expect(theirs.rows).toHaveLength(3)
  })
})
