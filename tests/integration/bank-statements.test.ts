// Bank statement matching (issue 25): CSV files the test writes in two bank presets, stored once
// across uploads, matched to waiting policy payments and bank top-ups, and confirmed through the
// same approvals as a proof's verification.
import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencyBalanceTransactions,
  agencyTopups,
  bankStatementLines,
  policies,
  policyPremiumPayments,
} from '../../db/schema'
import { createAgency, createPolicy } from '../../db/seed/factories'
import { resetConfig } from '../../domain/shared/config'
import { requestedBankTopup } from '../setup/topups'
import { agencyWithToken, api, staffToken, staffWith } from '../setup/api'
import * as listPage from '../../app/routes/staff+/finance.statements._index'
import * as statementPage from '../../app/routes/staff+/finance.statements.$statementId'

const BS = '/oshc/finance-management/bank-statements'
const TODAY = new Date().toISOString().slice(0, 10)
const AU_TODAY = TODAY.split('-').reverse().join('/')

let uploader: string // the admin: uploads every statement here
let checker: string // another person with finance
let seq = 0

beforeAll(async () => {
  uploader = await staffToken()
  checker = await staffWith(['finance'])
})

const dollars = (cents: number) => (cents / 100).toFixed(2)

/** CommBank/Westpac style: dd/mm/yyyy, separate Debit and Credit columns, a running balance. */
function debitCreditCsv(
  rows: { date?: string; desc: string; ref?: string; debit?: number; credit?: number; balance: number }[],
) {
  const body = rows.map((r) =>
    [
      r.date ?? AU_TODAY,
      `"${r.desc}"`,
      r.ref ?? '',
      r.debit ? dollars(r.debit) : '',
      r.credit ? dollars(r.credit) : '',
      dollars(r.balance),
    ].join(','),
  )
  return ['Date,Description,Reference,Debit,Credit,Balance', ...body].join('\r\n') + '\r\n'
}

/** NAB/ANZ style: ISO dates, one signed amount, the reference inside the narrative. */
function amountCsv(rows: { date?: string; narrative: string; amount: number; balance: number }[]) {
  const body = rows.map((r) =>
    [r.date ?? TODAY, `"${r.narrative}"`, dollars(r.amount), dollars(r.balance)].join(','),
  )
  return ['Transaction Date,Narrative,Amount,Balance', ...body].join('\n')
}

const upload = (content: string, token = uploader, file_name = `statement-${++seq}.csv`) =>
  api('POST', BS, { token, body: { file_name, content } })

async function imported(content: string) {
  const r = await upload(content)
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return r.body.data as { id: number; format: string; line_count: number; new_line_count: number }
}

const linesOf = (statementId: number) =>
  getDb()
    .select()
    .from(bankStatementLines)
    .where(eq(bankStatementLines.statement_id, statementId))
    .orderBy(bankStatementLines.id)

/** A policy bought by bank transfer, its payment waiting for verification. */
async function waitingPolicy() {
  const { agency } = await agencyWithToken()
  const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'PURCHASED' })
  return policy
}

/** A bank top-up REQUESTED by an agency through the API, of a unique amount. */
async function requestedTopup(amountCents = 10_000 + ++seq * 101 + 7) {
  const { agency, token } = await agencyWithToken()
  const id = await requestedBankTopup({ agencyId: agency.id, token }, amountCents / 100, TODAY)
  return { id, amount: amountCents }
}

const confirm = (lineId: number, token = checker) => api('POST', `${BS}/lines/${lineId}/confirm`, { token })

describe('importing a statement', () => {
  it('reads both presets and stores each line once across same and overlapping files', async () => {
    const base = 9_000_000 + ++seq * 1000
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

/** An OFX 1.x (SGML, unclosed elements) bank statement, as Australian banks export it. */
function ofxFile(trns: { fitid: string; date: string; amount: number; name: string; memo?: string }[]) {
  const body = trns
    .map(
      (t) =>
        `<STMTTRN>\n<TRNTYPE>${t.amount > 0 ? 'CREDIT' : 'DEBIT'}\n<DTPOSTED>${t.date.replaceAll('-', '')}120000\n` +
        `<TRNAMT>${dollars(t.amount)}\n<FITID>${t.fitid}\n<NAME>${t.name}\n${t.memo ? `<MEMO>${t.memo}\n` : ''}</STMTTRN>`,
    )
    .join('\n')
  return [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260101<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>AUD',
    '<BANKACCTFROM><BANKID>062000<ACCTID>12345678<ACCTTYPE>CHECKING</BANKACCTFROM>',
    `<BANKTRANLIST><DTSTART>20260101<DTEND>20261231\n${body}\n</BANKTRANLIST>`,
    '<LEDGERBAL><BALAMT>100.00<DTASOF>20261231</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1>',
    '</OFX>',
  ].join('\n')
}

/** An ISO 20022 camt.053.001.02 statement. */
function camtFile(entries: { amount: number; date: string; ustrd: string; e2e?: string; payer?: string }[]) {
  const ntry = entries
    .map(
      (
        e,
      ) => `<Ntry><Amt Ccy="AUD">${dollars(Math.abs(e.amount))}</Amt><CdtDbtInd>${e.amount > 0 ? 'CRDT' : 'DBIT'}</CdtDbtInd>
      <Sts>BOOK</Sts><BookgDt><Dt>${e.date}</Dt></BookgDt><ValDt><Dt>${e.date}</Dt></ValDt><BkTxCd/>
      <NtryDtls><TxDtls><Refs><EndToEndId>${e.e2e ?? 'NOTPROVIDED'}</EndToEndId></Refs>
      <RltdPties><Dbtr><Nm>${e.payer ?? 'Payer'}</Nm></Dbtr></RltdPties><RmtInf><Ustrd>${e.ustrd}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    )
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt><GrpHdr><MsgId>M${seq}</MsgId><CreDtTm>2026-01-01T00:00:00</CreDtTm></GrpHdr>
    <Stmt><Id>S${seq}</Id><CreDtTm>2026-01-01T00:00:00</CreDtTm><Acct><Id><Othr><Id>062000-12345678</Id></Othr></Id></Acct>
${ntry}
    </Stmt>
  </BkToCstmrStmt>
</Document>`
}

describe('OFX and camt.053 statements', () => {
  it('reads an OFX file, matches by the policy reference and stores its lines once', async () => {
    const policy = await waitingPolicy()
    const file = ofxFile([
      {
        fitid: `F${++seq}a`,
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

describe('matching and confirming', () => {
  it('matches exactly by reference and amount, proposes by amount and date, and confirms through the approvals', async () => {
    const policy = await waitingPolicy()
    const topup = await requestedTopup()
    const proposedTopup = await requestedTopup()
    const short = await waitingPolicy()
    const statement = await imported(
      amountCsv([
        { narrative: `OSHC premium ${policy.ref} Student`, amount: policy.premium!, balance: 100_000 },
        { narrative: `Agency top up TOPUP-${topup.id}`, amount: topup.amount, balance: 200_000 },
        { narrative: 'Transfer no reference', amount: proposedTopup.amount, balance: 300_000 },
        { narrative: `Part payment ${short.ref}`, amount: short.premium! - 100, balance: 400_000 },
      ]),
    )
    const [p, t, proposed, partial] = await linesOf(statement.id)
    expect(p).toMatchObject({ state: 'exact', matched_kind: 'policy_payment', matched_id: policy.id })
    expect(t).toMatchObject({ state: 'exact', matched_kind: 'topup', matched_id: topup.id })
    expect(proposed).toMatchObject({ state: 'proposed', matched_kind: 'topup', matched_id: proposedTopup.id })
    expect(partial).toMatchObject({ state: 'unmatched', matched_id: null })

    const view = await api('GET', `${BS}/${statement.id}`, { token: checker })
    expect(view.status).toBe(200)
    expect(view.body.data.lines[0].target).toMatchObject({
      label: `Policy ${policy.ref}`,
      status: 'PURCHASED',
    })
    expect(view.body.data.totals.exact_cents).toBe(policy.premium! + topup.amount)

    const ok = await confirm(p.id)
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    const [after] = await getDb().select().from(policies).where(eq(policies.id, policy.id))
    expect(after.status).toBe('PAYMENT_APPROVED')
    const [line] = await getDb().select().from(bankStatementLines).where(eq(bankStatementLines.id, p.id))
    expect(line).toMatchObject({ state: 'confirmed' })
    expect(line.confirmed_at).toBeInstanceOf(Date)
    expect((await confirm(p.id)).status).toBe(409)

    expect((await confirm(t.id)).status).toBe(200)
    const [approved] = await getDb().select().from(agencyTopups).where(eq(agencyTopups.id, topup.id))
    expect(approved.status).toBe('APPROVED')
    // A proposal is confirmed by a person, one line at a time.
    expect((await confirm(proposed.id)).status).toBe(200)
    expect((await confirm(partial.id)).status).toBe(409)
  })

  it('proposes, of two payments waiting for the same amount, the one whose agency the line names', async () => {
    const waitingOf = async (name: string) => {
      const agency = await createAgency(getDb(), { name })
      return (await createPolicy(getDb(), { agencyId: agency.id, status: 'PURCHASED' })).policy
    }
    const tag = (++seq).toString(36)
    const named = await waitingOf(`Wattle Bay Education ${tag}`)
    const other = await waitingOf(`Banksia Study Centre ${tag}`)
    expect(other.premium).toBe(named.premium)
    // The named one was asked for days earlier: by date alone the other would be proposed.
    await getDb()
      .update(policyPremiumPayments)
      .set({ created_at: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(policyPremiumPayments.policy_id, named.id))
    const statement = await imported(
      amountCsv([
        { narrative: `TFR WATTLE BAY EDUCATION ${tag}`, amount: named.premium!, balance: 600_000 + seq },
      ]),
    )
    const [line] = await linesOf(statement.id)
    expect(line).toMatchObject({ state: 'proposed', matched_kind: 'policy_payment', matched_id: named.id })
  })

  it('assigns a line by hand to what its mistyped reference meant, keeps it through later uploads, then confirms it', async () => {
    const policy = await waitingPolicy()
    const topup = await requestedTopup()
    const statement = await imported(
      amountCsv([
        { narrative: 'OSHC PREMIUM P0L TYPO', amount: policy.premium!, balance: 700_000 + ++seq },
        { narrative: 'Top up', amount: topup.amount + 100, balance: 800_000 + seq },
      ]),
    )
    const [line, over] = await linesOf(statement.id)
    const assign = (lineId: number, reference: string) =>
      api('POST', `${BS}/lines/${lineId}/assign`, { token: checker, body: { reference } })
    const unknown = await assign(line.id, 'POL-NOPE')
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors.reference).toEqual(['Nothing waits for a bank transfer under POL-NOPE'])
    const wrongAmount = await assign(over.id, `TOPUP-${topup.id}`)
    expect(wrongAmount.status).toBe(400)
    expect(wrongAmount.body.errors.reference[0]).toMatch(/a short or over payment is not assigned$/)

    const ok = await assign(line.id, policy.ref.toLowerCase().replace('-', ' '))
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.data).toMatchObject({
      state: 'assigned',
      matched_kind: 'policy_payment',
      matched_id: policy.id,
    })
    // A later upload matches again: the assignment holds, and no other line is offered the payment.
    await imported(
      amountCsv([{ narrative: 'No reference', amount: policy.premium!, balance: 900_000 + seq }]),
    )
    const [held] = await getDb().select().from(bankStatementLines).where(eq(bankStatementLines.id, line.id))
    expect(held).toMatchObject({ state: 'assigned', matched_id: policy.id })
    const others = await getDb()
      .select()
      .from(bankStatementLines)
      .where(
        and(
          eq(bankStatementLines.matched_kind, 'policy_payment'),
          eq(bankStatementLines.matched_id, policy.id),
        ),
      )
    expect(others.map((l) => l.id)).toEqual([line.id])

    expect((await confirm(line.id)).status).toBe(200)
    const [after] = await getDb().select().from(policies).where(eq(policies.id, policy.id))
    expect(after.status).toBe('PAYMENT_APPROVED')
    expect((await assign(line.id, policy.ref)).status).toBe(409)
  })

  it('credits a top-up once when two people confirm its line while a third approves it from its page', async () => {
    const topup = await requestedTopup()
    const statement = await imported(
      amountCsv([{ narrative: `Agency top up TOPUP-${topup.id}`, amount: topup.amount, balance: 900_000 }]),
    )
    const [line] = await linesOf(statement.id)
    expect(line).toMatchObject({ state: 'exact', matched_kind: 'topup', matched_id: topup.id })
    const other = await staffWith(['finance'])
    const third = await staffWith(['finance'])
    const answers = await Promise.all([
      confirm(line.id),
      confirm(line.id, other),
      api('POST', '/oshc/finance-management/topUpApprove', { token: third, body: { top_up_id: topup.id } }),
    ])
    const statuses = answers.map((a) => a.status)
    expect(
      statuses.filter((s) => s === 200),
      JSON.stringify(statuses),
    ).toHaveLength(1)
    expect(
      statuses.filter((s) => s !== 200).every((s) => s === 409),
      JSON.stringify(statuses),
    ).toBe(true)
    const credits = await getDb()
      .select()
      .from(agencyBalanceTransactions)
      .where(eq(agencyBalanceTransactions.topup_id, topup.id))
    expect(credits).toHaveLength(1)
    expect(credits[0].transaction_amount).toBe(topup.amount)
  })

  it('refuses the uploader over STATEMENT_SELF_CONFIRM_LIMIT_CENTS', async () => {
    const policy = await waitingPolicy()
    const statement = await imported(
      amountCsv([{ narrative: `Premium ${policy.ref}`, amount: policy.premium!, balance: 1 }]),
    )
    const [line] = await linesOf(statement.id)
    const own = await confirm(line.id, uploader)
    expect(own.status).toBe(403)
    expect(own.body.message).toMatch(/You uploaded this statement/)
    process.env.STATEMENT_SELF_CONFIRM_LIMIT_CENTS = String(policy.premium!)
    resetConfig()
    try {
      expect((await confirm(line.id, uploader)).status).toBe(200)
    } finally {
      delete process.env.STATEMENT_SELF_CONFIRM_LIMIT_CENTS
      resetConfig()
    }
  })

  it('confirms all exact matches with per-line results, one refusal not stopping the others', async () => {
    const a = await waitingPolicy()
    const b = await waitingPolicy()
    const c = await requestedTopup()
    const statement = await imported(
      debitCreditCsv([
        { desc: 'Premium', ref: a.ref, credit: a.premium!, balance: 10 },
        { desc: 'Premium', ref: b.ref, credit: b.premium!, balance: 20 },
        { desc: `Top up TOPUP-${c.id}`, credit: c.amount, balance: 30 },
        { desc: 'Unknown payer', credit: 123_457, balance: 40 },
      ]),
    )
    const lines = await linesOf(statement.id)
    expect(lines.map((l) => l.state)).toEqual(['exact', 'exact', 'exact', 'unmatched'])
    // b's payment is verified from its proof meanwhile: its line's confirmation is refused.
    const direct = await api('POST', '/oshc/finance-management/paymentApprove', {
      token: checker,
      body: { policyId: b.id },
    })
    expect(direct.status).toBe(200)

    const bulk = await api('POST', `${BS}/${statement.id}/confirm-exact`, { token: checker })
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200)
    expect(bulk.body.data).toMatchObject({ confirmed: 2, refused: 1 })
    expect(bulk.body.data.results).toEqual([
      { line_id: lines[0].id, ok: true, matched_kind: 'policy_payment', matched_id: a.id },
      expect.objectContaining({ line_id: lines[1].id, ok: false, status: 409 }),
      { line_id: lines[2].id, ok: true, matched_kind: 'topup', matched_id: c.id },
    ])
    expect((await linesOf(statement.id)).map((l) => l.state)).toEqual([
      'confirmed',
      'exact',
      'confirmed',
      'unmatched',
    ])
    // The uploader's bulk confirmation is refused line by line (limit 0).
    const own = await api('POST', `${BS}/${statement.id}/confirm-exact`, { token: uploader })
    expect(own.body.data.results).toEqual([
      expect.objectContaining({ line_id: lines[1].id, ok: false, status: 403 }),
    ])
    // At the next upload, the line whose payment no longer waits is matched afresh (not exact).
    await imported(amountCsv([{ narrative: `Interest ${++seq}`, amount: 1, balance: seq }]))
    const [, stale] = await linesOf(statement.id)
    expect(stale.state).not.toBe('exact')
    expect(stale.matched_id).not.toBe(b.id)
  })

  it('marks a line not ours, never a confirmed one', async () => {
    const policy = await waitingPolicy()
    const statement = await imported(
      amountCsv([
        { narrative: `Premium ${policy.ref}`, amount: policy.premium!, balance: 5 },
        { narrative: 'Somebody else', amount: 4_321, balance: 6 },
      ]),
    )
    const [mine, other] = await linesOf(statement.id)
    const r = await api('POST', `${BS}/lines/${other.id}/not-ours`, { token: checker })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data).toEqual({ line_id: other.id, state: 'not_ours' })
    expect((await confirm(other.id)).status).toBe(409)
    expect((await confirm(mine.id)).status).toBe(200)
    expect((await api('POST', `${BS}/lines/${mine.id}/not-ours`, { token: checker })).status).toBe(409)
    const list = await api('GET', BS, { token: checker })
    expect(list.body.data.find((s: { id: number }) => s.id === statement.id)).toMatchObject({
      open_line_count: 0,
    })
  })
})

describe('the statement pages', () => {
  const ORIGIN = 'http://test.local'
  const get = (path: string, token: string) =>
    new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })
  const post = (path: string, token: string, form: FormData) =>
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      body: form,
      headers: { cookie: `oshc_session=${token}`, origin: ORIGIN },
    })
  const fileForm = (content: string) => {
    const form = new FormData()
    form.set('file', new File([content], `page-${++seq}.csv`, { type: 'text/csv' }))
    return form
  }

  it('uploads a statement, shows its lines and confirms the exact matches in bulk', async () => {
    const policy = await waitingPolicy()
    const bad = (await listPage.action({
      request: post('/staff/finance/statements', uploader, fileForm('Date,Description\n01/01/2026,x\n')),
      params: {},
      context: {},
    })) as { init: { status: number }; data: { error: Record<string, string[]> } }
    expect(bad.init.status).toBe(400)
    expect(bad.data.error.file[0]).toMatch(/^Line 1: the header row has no column for an amount/)

    const csv = amountCsv([
      { narrative: `Premium ${policy.ref}`, amount: policy.premium!, balance: 77 },
      { narrative: `Stranger ${seq}`, amount: 999, balance: 78 },
    ])
    const sent = (await listPage.action({
      request: post('/staff/finance/statements', uploader, fileForm(csv)),
      params: {},
      context: {},
    })) as Response
    expect(sent.status).toBe(302)
    const statementId = sent.headers.get('location')!.split('/').pop()!
    const list = await listPage.loader({
      request: get('/staff/finance/statements', checker),
      params: {},
      context: {},
    })
    expect(list.statements.map((s) => String(s.id))).toContain(statementId)

    const path = `/staff/finance/statements/${statementId}`
    const page = await statementPage.loader({
      request: get(path, checker),
      params: { statementId },
      context: {},
    })
    expect(page.lines.map((l) => l.state)).toEqual(['exact', 'unmatched'])
    expect(page.counts).toMatchObject({ exact: 1, unmatched: 1 })

    const bulk = new FormData()
    bulk.set('intent', 'confirm-exact')
    const done = (await statementPage.action({
      request: post(path, checker, bulk),
      params: { statementId },
      context: {},
    })) as { bulk: { confirmed: number; results: { ok: boolean }[] } }
    expect(done.bulk).toMatchObject({ confirmed: 1, refused: 0 })
    const [after] = await getDb().select().from(policies).where(eq(policies.id, policy.id))
    expect(after.status).toBe('PAYMENT_APPROVED')

    const again = new FormData()
    again.set('intent', `confirm:${page.lines[0].id}`)
    const refused = (await statementPage.action({
      request: post(path, checker, again),
      params: { statementId },
      context: {},
    })) as { init: { status: number } }
    expect(refused.init.status).toBe(409)

    // The stranger's line assigned from the page: an unknown reference answers on its form.
    const assign = new FormData()
    assign.set('intent', `assign:${page.lines[1].id}`)
    assign.set('reference', 'TOPUP-0')
    const unknown = (await statementPage.action({
      request: post(path, checker, assign),
      params: { statementId },
      context: {},
    })) as { init: { status: number }; data: { error: Record<string, string[]> } }
    expect(unknown.init.status).toBe(400)
    expect(unknown.data.error.reference).toEqual(['Nothing waits for a bank transfer under TOPUP-0'])
    const topup = await requestedTopup(999)
    assign.set('reference', `TOPUP-${topup.id}`)
    const assigned = (await statementPage.action({
      request: post(path, checker, assign),
      params: { statementId },
      context: {},
    })) as Response
    expect(assigned.status).toBe(302)
    const shown = await statementPage.loader({
      request: get(path, checker),
      params: { statementId },
      context: {},
    })
    expect(shown.lines[1]).toMatchObject({ state: 'assigned', target: { label: `Top-up TOPUP-${topup.id}` } })

    const missing = statementPage.loader({
      request: get('/staff/finance/statements/99999999', checker),
      params: { statementId: '99999999' },
      context: {},
    })
    await expect(missing).rejects.toMatchObject({ status: 404 })
  })
})
