import { parseSync } from 'ofx-js'
import { validation } from '../../shared/errors'
import type { ParsedLine } from './statement-csv'
import { parseCents } from './statements.rules'
import { asList, at, text } from './statement-xml'

/** An OFX date (YYYYMMDD[HHMMSS[.XXX][TZ]]) as an ISO date, or null. */
function ofxDate(raw: string) {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(raw)
  if (!m) return null
  const iso = `${m[1]}-${m[2]}-${m[3]}`
  return Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) ? null : iso
}

/**
 * Reads an OFX bank statement (1.x SGML or 2.x XML, with ofx-js): every STMTTRN of every bank
 * statement in it. The reference is the transaction's REFNUM or CHECKNUM, else its FITID (the
 * bank's id of the transaction, so re-uploads hash alike); NAME and MEMO make the description.
 * A bad file is refused naming the transaction.
 */
export function parseStatementOfx(content: string): { format: string; lines: ParsedLine[] } {
  let ofx: unknown
  try {
    ofx = parseSync(content).OFX
  } catch (err) {
    throw validation('file', `This is not a readable OFX file (${(err as Error).message})`)
  }
  const statements = asList(at(ofx, 'BANKMSGSRSV1', 'STMTTRNRS')).map((r) => at(r, 'STMTRS'))
  const lines: ParsedLine[] = []
  for (const st of statements.filter(Boolean)) {
    const account = [text(at(st, 'BANKACCTFROM', 'BANKID')), text(at(st, 'BANKACCTFROM', 'ACCTID'))]
      .filter(Boolean)
      .join(' ')
    for (const trn of asList(at(st, 'BANKTRANLIST', 'STMTTRN')) as Record<string, unknown>[]) {
      const n = lines.length + 1
      const bookedOn = ofxDate(text(trn.DTPOSTED))
      if (!bookedOn)
        throw validation('file', `Transaction ${n}: the date "${text(trn.DTPOSTED)}" is not an OFX date`)
      const amountCents = parseCents(text(trn.TRNAMT))
      if (amountCents === null)
        throw validation('file', `Transaction ${n}: the amount "${text(trn.TRNAMT)}" is not an amount`)
      lines.push({
        fileLine: n,
        account,
        bookedOn,
        amountCents,
        description: [text(trn.NAME), text(trn.MEMO)].filter(Boolean).join(' '),
        reference: text(trn.REFNUM) || text(trn.CHECKNUM) || text(trn.FITID),
        payer: text(trn.NAME),
        balanceCents: null,
      })
    }
  }
  if (!lines.length) throw validation('file', 'The OFX file holds no bank statement transactions')
  return { format: 'ofx', lines }
}
