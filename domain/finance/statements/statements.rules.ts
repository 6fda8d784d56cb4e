import { createHash } from 'node:crypto'

/**
 * Pure rules of bank statement matching (issue 25): reading a statement's amounts and dates,
 * the line hash that stores a line once, and the references a line quotes.
 */

const DAY_MS = 86_400_000

/**
 * A bank's amount as signed integer cents, or null when it is not one: `1,234.56`, `-12.00`,
 * `$12`, `(12.00)` (negative), `12.00 CR` / `12.00 DR`, `+5`. Blank is null.
 */
export function parseCents(raw: string): number | null {
  let s = raw
    .trim()
    .replace(/[$,\s]/g, '')
    .replace(/^AUD/i, '')
  if (!s) return null
  let sign = 1
  const suffix = /(CR|DR)$/i.exec(s)
  if (suffix) {
    if (suffix[1].toUpperCase() === 'DR') sign = -1
    s = s.slice(0, -2)
  }
  if (/^\(.*\)$/.test(s)) {
    sign = -sign
    s = s.slice(1, -1)
  }
  if (s.startsWith('-')) {
    sign = -sign
    s = s.slice(1)
  } else if (s.startsWith('+')) s = s.slice(1)
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(s)
  if (!m) return null
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
  return Number.isSafeInteger(cents) ? sign * cents : null
}

/** A statement date (dd/mm/yyyy, dd-mm-yyyy, dd.mm.yyyy, d/m/yy, or ISO yyyy-mm-dd) as ISO, or null. */
export function parseBookedOn(raw: string): string | null {
  const s = raw.trim()
  let y: number, m: number, d: number
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(s)
  const au = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s)
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])]
  else if (au) [d, m, y] = [Number(au[1]), Number(au[2]), Number(au[3].length === 2 ? `20${au[3]}` : au[3])]
  else return null
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null
  return date.toISOString().slice(0, 10)
}

/** What identifies a line across uploads (the same line in an overlapping file hashes the same). */
export type LineKey = {
  account: string
  bookedOn: string
  amountCents: number
  reference: string
  balanceCents: number | null
}

/**
 * The sha256 of account, date, amount, reference and running balance. `occurrence` tells apart
 * identical lines of one file (a statement without running balances may repeat a line): the
 * second is hashed with #1, and an overlapping file holding both repeats them in the same order.
 */
export function lineHash(key: LineKey, occurrence = 0) {
  const parts = [
    key.account.trim(),
    key.bookedOn,
    key.amountCents,
    key.reference.trim(),
    key.balanceCents ?? '',
  ]
  const text = parts.join('|') + (occurrence ? `#${occurrence}` : '')
  return createHash('sha256').update(text).digest('hex')
}

/** The hash of a part of a split line: its parent's, numbered (1, 2…), so it is stored once too. */
export const partHash = (parentHash: string, part: number) =>
  createHash('sha256').update(`${parentHash}#part${part}`).digest('hex')

/** A reference as compared: upper case letters and digits only (`POL-ab 12` -> `POLAB12`). */
export const normalizeRef = (ref: string) => ref.toUpperCase().replace(/[^A-Z0-9]/g, '')

/**
 * Every reference a line's text may quote: its words (letters and digits) and runs of up to four
 * adjacent words joined, so `POL-AB-12`, `POL AB 12` and `POLAB12` all give `POLAB12` while
 * `POL-AB-123` does not.
 */
export function quotedRefs(...texts: string[]) {
  const out = new Set<string>()
  for (const text of texts) {
    const words = text
      .toUpperCase()
      .split(/[^A-Z0-9]+/)
      .filter(Boolean)
    for (let i = 0; i < words.length; i++)
      for (let n = 1; n <= 4 && i + n <= words.length; n++) out.add(words.slice(i, i + n).join(''))
  }
  return out
}

/** A policy's reference as compared (newPolicyRef: `POL-` and ten hex digits, normalised). */
const POLICY_REF = /^POL[0-9A-F]{10}$/

/** Whether a line's text quotes a policy's reference, waiting or not. */
export const quotesPolicy = (refs: Iterable<string>) => [...refs].some((r) => POLICY_REF.test(r))

/** The reference an invoice's bank transfers quote (its number; the invoice page and PDF show it). */
export const invoiceReference = (invoiceId: number) => `INV-${invoiceId}`

/** The reference a buy now, pay later settlement by bank is quoted by (its request's number). */
export const bnplReference = (requestId: number) => `BNPL-${requestId}`

/** The reference a bank top-up is quoted by (its id; the top-up list shows it). */
export const topupReference = (topupId: number) => `TOPUP-${topupId}`

/** Days from an expectation's date to the line's booking date (positive: booked after). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)

/** How far a proposed match's date may be from the booking: paid up to 30 days before it, or 3 after. */
export const PROPOSAL_WINDOW = { before: 30, after: 3 } as const
