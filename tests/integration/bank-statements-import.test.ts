// Bank statement matching (issue 25), the import: CSV files the test writes in two bank presets, OFX
// and camt.053, stored once across uploads; a bad file refused naming its line; for finance only.
import { describe, expect, it } from 'vitest'
import { agencyWithToken, staffWith } from '../setup/api'
import {
  amountCsv,
  camtFile,
  debitCreditCsv,
  imported,
  linesOf,
  nextSeq,
  ofxFile,
  requestedTopup,
  seq,
  setUpStatementFixtures,
  TODAY,
  upload,
  waitingPolicy,
} from '../setup/bank-statements'

setUpStatementFixtures()

describe('importing a statement', () => {
  it('reads both presets and stores each line once across same and overlapping files', async () => {
    const base = 9_000_000 + nextSeq() * 1000
    const rows = [
      { desc: 'Bank fee', debit: 1_250, balance: base - 1_250 },
      { desc: 'Transfer from somebody', ref: `X${seq}`, credit: 5_000, balance: base + 3_750 },
      { desc: 'Transfer from somebody', ref: `X${seq}`, credit: 5_000, balance: base + 8_750 },
    ]
    const first = await imported(debitCreditCsv(rows))
    expect(first).toMatchObject({ format: 'csv:debit-credit', line_count: 3, new_line_count: 3 })
    const lines = await linesOf(first.id)
    expect(lines.map((l) => l.amount_cents)).toEqual([-1_250, 5_000, 5_000])
    expect(lines[0]).toMatchObject({
      booked_on: TODAY,
      description: 'Bank fee',
      balance_cents: base - 1_250,
      state: 'unmatched',
    })

    const again = await imported(debitCreditCsv(rows))
    expect(again).toMatchObject({ line_count: 3, new_line_count: 0 })
    const overlapping = await imported(
      debitCreditCsv([...rows.slice(1), { desc: 'Interest', credit: 3, balance: base + 8_753 }]),
    )
    expect(overlapping).toMatchObject({ line_count: 3, new_line_count: 1 })
    expect(await linesOf(overlapping.id)).toHaveLength(1)

    const signed = await imported(
      amountCsv([
        { narrative: `Refund out ${seq}`, amount: -2_000, balance: 1_000 },
        { narrative: `Deposit ${seq}`, amount: 2_000, balance: 3_000 },
      ]),
    )
    expect(signed).toMatchObject({ format: 'csv:amount', new_line_count: 2 })
    expect((await linesOf(signed.id)).map((l) => l.amount_cents)).toEqual([-2_000, 2_000])
    // Without running balances, two identical lines of one file are both kept, and only once.
    const twice = amountCsv([0, 1].map(() => ({ narrative: `Twin ${seq}`, amount: 700, balance: 0 })))
      .replace(',Balance', '')
      .replace(/,0\.00/g, '')
    expect(await imported(twice)).toMatchObject({ line_count: 2, new_line_count: 2 })
    expect(await imported(twice)).toMatchObject({ new_line_count: 0 })
  })

  it('refuses a bad file with a 400 naming the line', async () => {
    const noAmount = await upload('Date,Description\n01/02/2026,Something\n')
    expect(noAmount.status).toBe(400)
    expect(JSON.stringify(noAmount.body)).toMatch(/Line 1: the header row has no column for an amount/)
    const badDate = await upload(
      debitCreditCsv([
        { desc: 'ok', credit: 100, balance: 100 },
        { date: '31/02/2026', desc: 'bad', credit: 100, balance: 200 },
      ]),
    )
    expect(badDate.status).toBe(400)
    expect(JSON.stringify(badDate.body)).toMatch(/Line 3: the date \\"31\/02\/2026\\" is not a date/)
    const badAmount = await upload('Date,Description,Amount\n2026-02-01,x,12.3.4\n')
    expect(JSON.stringify(badAmount.body)).toMatch(/Line 2: the amount \\"12.3.4\\" is not an amount/)
    expect((await upload('<?xml version="1.0"?><Document/>')).status).toBe(400)
    expect((await upload('Date,Description,Amount\n')).status).toBe(400)
  })

  it('is for staff with finance only', async () => {
    const { token } = await agencyWithToken()
    expect((await upload('x', token)).status).toBe(403)
    expect((await upload('x', await staffWith(['quote']))).status).toBe(403)
  })
})

describe('OFX and camt.053 statements', () => {
  it('reads an OFX file, matches by the policy reference and stores its lines once', async () => {
    const policy = await waitingPolicy()
    const file = ofxFile([
      {
        fitid: `F${nextSeq()}a`,
        date: TODAY,
        amount: policy.premium!,
        name: 'STUDENT AGENCY',
        memo: `OSHC ${policy.ref}`,
      },
      { fitid: `F${seq}b`, date: TODAY, amount: -990, name: 'BANK FEE' },
    ])
    const first = await imported(file)
    expect(first).toMatchObject({ format: 'ofx', line_count: 2, new_line_count: 2 })
    const [credit, fee] = await linesOf(first.id)
    expect(credit).toMatchObject({
      booked_on: TODAY,
      amount_cents: policy.premium,
      payer: 'STUDENT AGENCY',
      state: 'exact',
      matched_id: policy.id,
    })
    expect(fee).toMatchObject({ amount_cents: -990, state: 'unmatched' })
    expect(await imported(file)).toMatchObject({ new_line_count: 0 })
    expect((await upload('OFXHEADER:100\n\n<OFX><BANKMSGSRSV1></BANKMSGSRSV1></OFX>')).status).toBe(400)
  })

  it('reads a camt.053 statement, matches a top-up by its reference and refuses malformed XML naming the line', async () => {
    const topup = await requestedTopup()
    const file = camtFile([
      {
        amount: topup.amount,
        date: TODAY,
        ustrd: `Balance top up TOPUP-${topup.id}`,
        payer: 'Agency Pty Ltd',
      },
      { amount: -4_500, date: TODAY, ustrd: 'Card fees' },
    ])
    const first = await imported(file)
    expect(first).toMatchObject({ format: 'camt.053', line_count: 2, new_line_count: 2 })
    const [credit, debit] = await linesOf(first.id)
    expect(credit).toMatchObject({
      amount_cents: topup.amount,
      payer: 'Agency Pty Ltd',
      state: 'exact',
      matched_kind: 'topup',
      matched_id: topup.id,
    })
    expect(debit).toMatchObject({ amount_cents: -4_500, description: 'Card fees' })
    expect(await imported(file)).toMatchObject({ new_line_count: 0 })
    const broken = await upload('<?xml version="1.0"?>\n<Document>\n<BkToCstmrStmt>\n</Document>')
    expect(broken.status).toBe(400)
    expect(JSON.stringify(broken.body)).toMatch(/Line \d+: this is not well-formed XML/)
  })
})
