import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { validation } from '../../shared/errors'
import type { ParsedLine } from './statement-csv'
import { parseBookedOn, parseCents } from './statements.rules'
import { asList, at, text } from './statement-xml'

const parser = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ['Stmt', 'Ntry', 'TxDtls', 'Ustrd', 'Bal'].includes(name),
})

/** The payer of an entry: the debtor's name (camt.053.001.02 Dbtr/Nm, later versions Dbtr/Pty/Nm). */
const payerOf = (tx: unknown) =>
  text(at(tx, 'RltdPties', 'Dbtr', 'Nm')) || text(at(tx, 'RltdPties', 'Dbtr', 'Pty', 'Nm'))

/** The reference a payer quoted: the structured creditor reference, else the end-to-end id. */
function referenceOf(tx: unknown, entry: unknown) {
  const e2e = text(at(tx, 'Refs', 'EndToEndId'))
  return (
    text(at(tx, 'RmtInf', 'Strd', 'CdtrRefInf', 'Ref')) ||
    (e2e && e2e !== 'NOTPROVIDED' ? e2e : '') ||
    text(at(entry, 'AcctSvcrRef')) ||
    text(at(entry, 'NtryRef'))
  )
}

function entryLine(entry: unknown, n: number, account: string): ParsedLine {
  const tx = asList(at(entry, 'NtryDtls', 'TxDtls'))[0]
  const rawDate =
    text(at(entry, 'BookgDt', 'Dt')) || text(at(entry, 'BookgDt', 'DtTm')) || text(at(entry, 'ValDt', 'Dt'))
  const bookedOn = parseBookedOn(rawDate)
  if (!bookedOn) throw validation('file', `Entry ${n}: the booking date "${rawDate}" is not a date`)
  const cents = parseCents(text(at(entry, 'Amt')))
  if (cents === null)
    throw validation('file', `Entry ${n}: the amount "${text(at(entry, 'Amt'))}" is not an amount`)
  const side = text(at(entry, 'CdtDbtInd'))
  if (side !== 'CRDT' && side !== 'DBIT')
    throw validation('file', `Entry ${n}: CdtDbtInd must be CRDT or DBIT`)
  const remittance = asList(at(tx, 'RmtInf', 'Ustrd'))
    .map(text)
    .join(' ')
  return {
    fileLine: n,
    account,
    bookedOn,
    amountCents: side === 'CRDT' ? Math.abs(cents) : -Math.abs(cents),
    description: [remittance, text(at(entry, 'AddtlNtryInf'))].filter(Boolean).join(' '),
    reference: referenceOf(tx, entry),
    payer: payerOf(tx),
    balanceCents: null,
  }
}

/**
 * Reads an ISO 20022 camt.053 bank-to-customer statement (fast-xml-parser): every entry (Ntry) of
 * every statement, credits positive. The remittance text (Ustrd) is the description; the
 * structured creditor reference or the end-to-end id is the reference. A bad file is refused
 * naming its line (malformed XML) or entry.
 */
export function parseStatementCamt(content: string): { format: string; lines: ParsedLine[] } {
  const valid = XMLValidator.validate(content)
  if (valid !== true)
    throw validation('file', `Line ${valid.err.line}: this is not well-formed XML (${valid.err.msg})`)
  const statements = asList(at(parser.parse(content), 'Document', 'BkToCstmrStmt', 'Stmt'))
  if (!statements.length)
    throw validation('file', 'This XML file is not a camt.053 statement (no BkToCstmrStmt/Stmt)')
  const lines: ParsedLine[] = []
  for (const st of statements) {
    const account = text(at(st, 'Acct', 'Id', 'IBAN')) || text(at(st, 'Acct', 'Id', 'Othr', 'Id'))
    for (const entry of asList(at(st, 'Ntry'))) lines.push(entryLine(entry, lines.length + 1, account))
  }
  if (!lines.length) throw validation('file', 'The camt.053 statement holds no entries')
  return { format: 'camt.053', lines }
}
