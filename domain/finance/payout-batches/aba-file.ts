import ABA from 'aba-generator'
import { config, type Config } from '../../shared/config'
import { conflict } from '../../shared/errors'
import { accountDigits, batchReference, bsbDigits } from './payout-batches.rules'

/** The insurer's side of the file: from ABA_* settings, or demo values on a demo system. */
export type AbaHeader = {
  apcaUserId: string
  userName: string
  bankCode: string
  bsb: string
  account: string
  remitter: string
}

const DEMO_HEADER: AbaHeader = {
  apcaUserId: '000000',
  userName: 'DEMO OSHC INSURER',
  bankCode: 'CBA',
  bsb: '062-000',
  account: '12345678',
  remitter: 'DEMO OSHC',
}

const ABA_KEYS = [
  'ABA_APCA_USER_ID',
  'ABA_USER_NAME',
  'ABA_BANK_CODE',
  'ABA_BSB',
  'ABA_ACCOUNT',
  'ABA_REMITTER',
] as const

/** The header settings; 409 naming what is missing in production (a demo system uses DEMO_HEADER). */
export function abaHeader(c: Config = config()): AbaHeader {
  const missing = ABA_KEYS.filter((k) => !c[k])
  if (missing.length === ABA_KEYS.length && c.demo) return DEMO_HEADER
  if (missing.length)
    throw conflict(`The bank file cannot be written: set ${missing.join(', ')} (the insurer's bank details)`)
  return {
    apcaUserId: c.ABA_APCA_USER_ID!,
    userName: c.ABA_USER_NAME!,
    bankCode: c.ABA_BANK_CODE!,
    bsb: c.ABA_BSB!,
    account: c.ABA_ACCOUNT!,
    remitter: c.ABA_REMITTER!,
  }
}

export type AbaLine = {
  bsb: string
  account_number: string
  account_name: string
  amount_cents: number
  lodgement_reference: string
}

const withDash = (digits: string) => `${digits.slice(0, 3)}-${digits.slice(3)}`

/** `2026-11-27` as the file's DDMMYY. */
const ddmmyy = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`

/**
 * The batch's Australian Direct Entry file (written by the aba-generator package): the descriptive
 * record (type 0), one credit (code 50) per line, and the file total record (type 7), each 120
 * characters, lines ended by CRLF as banks expect. Amounts are whole cents as the format wants.
 */
export function writeAbaFile(batch: { id: number; processingDate: string }, lines: AbaLine[], h: AbaHeader) {
  const traceBsb = withDash(bsbDigits(h.bsb)!)
  const aba = new ABA({
    header: {
      bank: h.bankCode,
      user: h.userName,
      userNumber: Number(h.apcaUserId),
      description: batchReference(batch.id),
      date: ddmmyy(batch.processingDate),
    },
  })
  const text = aba.generate(
    lines.map((l) => ({
      bsb: withDash(bsbDigits(l.bsb)!),
      transactionCode: 50, // a credit to the payee
      account: accountDigits(l.account_number)!,
      // The package takes dollars and rounds them to whole cents (toFixed), so cents / 100 is exact
      // in the file; the test reads every amount and total back against the integer cents.
      amount: l.amount_cents / 100,
      accountTitle: l.account_name.toUpperCase(),
      reference: l.lodgement_reference,
      traceBsb,
      traceAccount: accountDigits(h.account)!,
      remitter: h.remitter,
    })),
  )
  return `${text.split(/\r?\n/).join('\r\n')}\r\n`
}
