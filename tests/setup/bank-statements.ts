// Fixtures of the bank statement tests (bank-statements-*.test.ts): the uploader and the checker
// signed in, statement files in the two CSV presets, OFX and camt.053, uploads, the stored lines,
// and the policy payments and top-ups a line can match. A test file calls setUpStatementFixtures()
// once at its top; the exported sessions and counter are read through the live import bindings.
import { beforeAll, expect } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { bankStatementLines } from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { requestedBankTopup } from './topups'
import { agencyWithToken, api, staffToken, staffWith } from './api'

export const BS = '/oshc/finance-management/bank-statements'
export const TODAY = new Date().toISOString().slice(0, 10)
export const AU_TODAY = TODAY.split('-').reverse().join('/')

export let uploader: string // the admin: uploads every statement here
export let checker: string // another person with finance
export let seq = 0
/** The next number of the file's counter (unique amounts, references and file names). */
export const nextSeq = () => ++seq

/** Signs in the uploader and the checker before the file's tests. */
export function setUpStatementFixtures() {
  beforeAll(async () => {
    uploader = await staffToken()
    checker = await staffWith(['finance'])
  })
}

export const dollars = (cents: number) => (cents / 100).toFixed(2)

/** CommBank/Westpac style: dd/mm/yyyy, separate Debit and Credit columns, a running balance. */
export function debitCreditCsv(
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
export function amountCsv(rows: { date?: string; narrative: string; amount: number; balance: number }[]) {
  const body = rows.map((r) =>
    [r.date ?? TODAY, `"${r.narrative}"`, dollars(r.amount), dollars(r.balance)].join(','),
  )
  return ['Transaction Date,Narrative,Amount,Balance', ...body].join('\n')
}

export const upload = (content: string, token = uploader, file_name = `statement-${++seq}.csv`) =>
  api('POST', BS, { token, body: { file_name, content } })

export async function imported(content: string) {
  const r = await upload(content)
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return r.body.data as { id: number; format: string; line_count: number; new_line_count: number }
}

export const linesOf = (statementId: number) =>
  getDb()
    .select()
    .from(bankStatementLines)
    .where(eq(bankStatementLines.statement_id, statementId))
    .orderBy(bankStatementLines.id)

/** A policy bought by bank transfer, its payment waiting for verification. */
export async function waitingPolicy() {
  const { agency } = await agencyWithToken()
  const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'PURCHASED' })
  return policy
}

/** A bank top-up REQUESTED by an agency through the API, of a unique amount. */
export async function requestedTopup(amountCents = 10_000 + ++seq * 101 + 7) {
  const { agency, token } = await agencyWithToken()
  const id = await requestedBankTopup({ agencyId: agency.id, token }, amountCents / 100, TODAY)
  return { id, amount: amountCents }
}

export const confirm = (lineId: number, token = checker) =>
  api('POST', `${BS}/lines/${lineId}/confirm`, { token })

/** An OFX 1.x (SGML, unclosed elements) bank statement, as Australian banks export it. */
export function ofxFile(
  trns: { fitid: string; date: string; amount: number; name: string; memo?: string }[],
) {
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
export function camtFile(
  entries: { amount: number; date: string; ustrd: string; e2e?: string; payer?: string }[],
) {
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

/** A policy paid `over` cents more than its premium by a confirmed statement line: its suspense item. */
export async function overpaid(over: number) {
  const policy = await waitingPolicy()
  const statement = await imported(
    amountCsv([
      { narrative: `OSHC ${policy.ref}`, amount: policy.premium! + over, balance: 7_000_000 + nextSeq() },
    ]),
  )
  const [line] = await linesOf(statement.id)
  const confirmed = await confirm(line.id)
  expect(confirmed.status, JSON.stringify({ line, body: confirmed.body })).toBe(200)
  expect(confirmed.body.data.policy, JSON.stringify(confirmed.body)).toMatchObject({ outcome: 'over' })
  const list = await api('GET', '/oshc/finance-management/suspense', {
    token: checker,
    query: { perPage: '100' },
  })
  const found = list.body.data.items.find((i: { policy_id: number }) => i.policy_id === policy.id)
  expect(found, JSON.stringify(list.body)).toMatchObject({
    amount: over,
    open: over,
    source: 'clearing:bank',
    refundable: true,
    policy_ref: policy.ref,
    waiting: null,
  })
  return { policy, item: found as { id: number } }
}
