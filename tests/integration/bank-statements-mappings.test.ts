// A bank account's CSV column mapping (issue 25): an export the presets do not recognise is
// refused naming its header row, its columns are mapped once (checked against the header row),
// and from then on a statement with that header row is read with the mapping and matched.
import { describe, expect, it } from 'vitest'
import { api, staffWith } from '../setup/api'
import {
  BS,
  checker,
  dollars,
  linesOf,
  nextSeq,
  setUpStatementFixtures,
  uploader,
  waitingPolicy,
} from '../setup/bank-statements'
import * as listPage from '../../app/routes/staff+/finance.statements._index'

setUpStatementFixtures()

const MAPPINGS = '/oshc/finance-management/bank-statement-mappings'

/**
 * A credit-union export: its own column names, dd/mm/yyyy dates, separate money out and in, and a
 * last column named after the test's account (each test's header row its own).
 */
function creditUnionCsv(header: string[], rows: { ref: string; amount: number }[]) {
  const body = rows.map((r) =>
    [
      '26/11/2026',
      '"Transfer"',
      r.ref,
      r.amount < 0 ? dollars(-r.amount) : '',
      r.amount > 0 ? dollars(r.amount) : '',
      '',
    ].join(','),
  )
  return [header.join(','), ...body].join('\n')
}

const upload = (content: string) =>
  api('POST', BS, { token: uploader, body: { file_name: `cu-${nextSeq()}.csv`, content } })

describe('a saved CSV column mapping', () => {
  it("is checked against the header row, then reads and matches that bank's statements", async () => {
    const account = `Credit Union ${nextSeq()}`
    const header = ['Txn Dt', 'Particulars Text', 'Cust Ref', 'Paid Out', 'Paid In', `Extra ${account}`]
    const policy = await waitingPolicy()
    const csv = creditUnionCsv(header, [
      { ref: policy.ref, amount: policy.premium! },
      { ref: 'FEE', amount: -250 },
    ])

    const refused = await upload(csv)
    expect(refused.status).toBe(400)
    expect(refused.body.errors.file[0]).toMatch(/^Line 1: the header row has no column for a date.*"Txn Dt"/)

    const save = (columns: Record<string, string>, token = checker) =>
      api('POST', MAPPINGS, { token, body: { bank_account: account, header, columns } })
    const unknown = await save({ date: 'Txn Dt', reference: 'Cust Ref', amount: 'Amount' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors['columns.amount']).toEqual(['The header row has no column "Amount"'])
    const noAmount = await save({ date: 'Txn Dt', reference: 'Cust Ref', debit: 'Paid Out' })
    expect(noAmount.status).toBe(400)
    expect(noAmount.body.errors.columns).toEqual(['Map a column for an amount (or debit and credit)'])
    const agent = await staffWith(['policy'])
    expect((await save({ date: 'Txn Dt', reference: 'Cust Ref', amount: 'Paid In' }, agent)).status).toBe(403)

    const saved = await save({
      date: 'Txn Dt',
      description: 'Particulars Text',
      reference: 'cust ref',
      debit: 'Paid Out',
      credit: 'Paid In',
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const listed = await api('GET', MAPPINGS, { token: checker })
    expect(listed.body.data.find((m: { bank_account: string }) => m.bank_account === account)).toMatchObject({
      columns: { date: 'Txn Dt', reference: 'cust ref', debit: 'Paid Out', credit: 'Paid In' },
    })

    const read = await upload(csv)
    expect(read.status, JSON.stringify(read.body)).toBe(201)
    expect(read.body.data).toMatchObject({ format: `csv:mapping:${account}`, line_count: 2 })
    const lines = await linesOf(read.body.data.id)
    expect(lines.map((l) => [l.booked_on, l.amount_cents, l.reference])).toEqual([
      ['2026-11-26', policy.premium!, policy.ref],
      ['2026-11-26', -250, 'FEE'],
    ])
    expect(lines[0]).toMatchObject({ state: 'exact', matched_id: policy.id })
  })

  it('is made on the upload page when the header row is not recognised', async () => {
    const ORIGIN = 'http://test.local'
    const account = `Page Bank ${nextSeq()}`
    const header = `Posted,What,Ref,Money,Which ${account}`
    const csv = `${header}\n2026-11-27,Transfer,X${nextSeq()},12.34,a\n`
    const post = (form: FormData) =>
      listPage.action({
        request: new Request(`${ORIGIN}/staff/finance/statements`, {
          method: 'POST',
          body: form,
          headers: { cookie: `oshc_session=${uploader}`, origin: ORIGIN },
        }),
        params: {},
        context: {},
      })
    const file = () => new File([csv], 'bank.csv', { type: 'text/csv' })
    const first = new FormData()
    first.set('file', file())
    const refused = (await post(first)) as unknown as {
      init: { status: number }
      data: { header: string[]; error: Record<string, string[]> }
    }
    expect(refused.init.status).toBe(400)
    expect(refused.data.header).toEqual(['Posted', 'What', 'Ref', 'Money', `Which ${account}`])
    expect(refused.data.error.file[0]).toMatch(/^Line 1: the header row has no column/)

    const map = new FormData()
    map.set('intent', 'map')
    map.set('file', file())
    map.set('bank_account', account)
    map.set('columns.date', 'Posted')
    map.set('columns.description', 'What')
    map.set('columns.reference', 'Ref')
    map.set('columns.amount', 'Money')
    const sent = (await post(map)) as Response
    expect(sent.status).toBe(302)
    const statementId = Number(sent.headers.get('location')!.split('/').pop())
    expect((await linesOf(statementId)).map((l) => l.amount_cents)).toEqual([1_234])
    const page = await listPage.loader({
      request: new Request(`${ORIGIN}/staff/finance/statements`, {
        headers: { cookie: `oshc_session=${checker}` },
      }),
      params: {},
      context: {},
    })
    expect(page.mappings.find((m) => m.bank_account === account)?.columns).toMatchObject({
      date: 'Posted',
      amount: 'Money',
    })
  })
})
