import { parse } from 'csv-parse/sync'
import { validation } from '../../shared/errors'
import { parseBookedOn, parseCents } from './statements.rules'
import { CSV_COLUMNS, type Column } from './statements.schemas'

/** One line read from a statement file, before it is stored. */
export type ParsedLine = {
  /** The file's line number (for messages). */
  fileLine: number
  account: string
  bookedOn: string
  amountCents: number
  description: string
  reference: string
  payer: string
  balanceCents: number | null
}

/** A bank account's saved mapping: the header row it reads (as compared) and each column's header cell. */
export type SavedMapping = {
  bank_account: string
  header_key: string
  columns: Partial<Record<Column, string>>
}

/**
 * The header names of the usual Australian business-bank exports (CommBank CommBiz, Westpac
 * Corporate Online, NAB Connect, ANZ Transactive, Macquarie), compared in lower case without
 * punctuation. A file has a date, a description or reference, and either a signed amount or a
 * debit and a credit column.
 */
const HEADERS: Record<Column, string[]> = {
  date: [
    'date',
    'transaction date',
    'posting date',
    'post date',
    'value date',
    'effective date',
    'processed date',
    'booked date',
  ],
  description: [
    'description',
    'narrative',
    'transaction details',
    'details',
    'transaction description',
    'particulars',
    'narration',
  ],
  reference: [
    'reference',
    'ref',
    'customer reference',
    'payment reference',
    'lodgement reference',
    'transaction reference',
    'remitter reference',
  ],
  payer: ['payer', 'payer name', 'remitter', 'remitter name', 'other party', 'from', 'counterparty'],
  debit: ['debit', 'debit amount', 'debits', 'withdrawal', 'withdrawals', 'money out'],
  credit: ['credit', 'credit amount', 'credits', 'deposit', 'deposits', 'money in'],
  amount: ['amount', 'transaction amount', 'amount aud', 'value'],
  balance: ['balance', 'running balance', 'closing balance', 'ledger balance'],
  account: ['account', 'account number', 'account no', 'bsb account', 'account name'],
}

const headerKey = (h: string) =>
  h
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

/** A header row as a saved mapping is found by: its cells as compared, joined by `|`. */
export const headerRowKey = (header: string[]) => header.map(headerKey).join('|')

/** The columns a statement cannot be read without, as a sentence; empty when none is missing. */
function missingColumns(at: Partial<Record<Column, number>>) {
  return [
    at.date === undefined && 'a date',
    at.description === undefined && at.reference === undefined && 'a description or reference',
    at.amount === undefined &&
      (at.debit === undefined || at.credit === undefined) &&
      'an amount (or debit and credit)',
  ]
    .filter(Boolean)
    .join(', ')
}

/** Where each known column is in the header row; refused (400) unless a preset fits. */
export function columnsOf(header: string[]) {
  const at: Partial<Record<Column, number>> = {}
  header.forEach((h, i) => {
    const key = headerKey(h)
    for (const [col, names] of Object.entries(HEADERS) as [Column, string[]][])
      if (at[col] === undefined && names.includes(key)) at[col] = i
  })
  const missing = missingColumns(at)
  if (missing)
    throw validation(
      'file',
      `Line 1: the header row has no column for ${missing}; found ${header.map((h) => `"${h}"`).join(', ')}. ` +
        "Export the statement as CSV with a header row (Date, Description, Reference, Debit, Credit or Amount, Balance), or map this bank's columns once.",
    )
  const preset = at.amount !== undefined ? 'csv:amount' : 'csv:debit-credit'
  return { at, preset }
}

/**
 * Where each column a mapping names is in `header` (cells compared as header keys); 400 on
 * `columns.<column>` for a cell the header does not have, on `columns` when a needed column is
 * not mapped (a date, a description or reference, an amount or debit and credit).
 */
export function mappedColumns(header: string[], columns: Partial<Record<Column, string>>) {
  const keys = header.map(headerKey)
  const at: Partial<Record<Column, number>> = {}
  for (const col of CSV_COLUMNS) {
    const cell = columns[col]
    if (!cell) continue
    const i = keys.indexOf(headerKey(cell))
    if (i < 0) throw validation(`columns.${col}`, `The header row has no column "${cell}"`)
    at[col] = i
  }
  const missing = missingColumns(at)
  if (missing) throw validation('columns', `Map a column for ${missing}`)
  return at
}

/** The header row of a CSV file (its first row's cells), for mapping its columns; 400 when unreadable. */
export function csvHeader(text: string): string[] {
  const [first] = readRows(text)
  if (!first) throw validation('file', 'The file is empty')
  return first.record
}

/** Which columns to read `header` by: a saved mapping of exactly this header row, else the presets. */
function columnsFor(header: string[], mappings: SavedMapping[]) {
  const saved = mappings.find((m) => m.header_key === headerRowKey(header))
  return saved
    ? { at: mappedColumns(header, saved.columns), preset: `csv:mapping:${saved.bank_account}` }
    : columnsOf(header)
}

function readRows(text: string): { record: string[]; line: number }[] {
  try {
    const options = {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    } as const
    const rows = parse(text, options) as unknown as { record: string[]; info: { lines: number } }[]
    return rows.map((r) => ({ record: r.record, line: r.info.lines }))
  } catch (err) {
    const line = (err as { lines?: number }).lines
    throw validation(
      'file',
      `${line ? `Line ${line}: ` : ''}this is not a readable CSV file (${(err as Error).message})`,
    )
  }
}

/** The amount of a row: its signed amount, or credit minus debit (debits may be written signed or not). */
function amountOf(cell: (c?: number) => string, at: Partial<Record<Column, number>>, line: number) {
  const bad = (what: string, value: string) =>
    validation('file', `Line ${line}: the ${what} "${value}" is not an amount`)
  if (at.amount !== undefined) {
    const cents = parseCents(cell(at.amount))
    if (cents === null) throw bad('amount', cell(at.amount))
    return cents
  }
  const debit = cell(at.debit) ? parseCents(cell(at.debit)) : 0
  const credit = cell(at.credit) ? parseCents(cell(at.credit)) : 0
  if (debit === null) throw bad('debit', cell(at.debit))
  if (credit === null) throw bad('credit', cell(at.credit))
  if (debit && credit) throw validation('file', `Line ${line}: a line has both a debit and a credit`)
  return credit ? Math.abs(credit) : -Math.abs(debit)
}

/**
 * Reads a CSV bank statement: columns found from the header row by a bank account's saved mapping
 * of exactly that header row, else by the presets above, dates as
 * dd/mm/yyyy or ISO, amounts signed (credits positive). A bad file is refused (VALIDATION on
 * `file`) with a message naming its line.
 */
export function parseStatementCsv(
  text: string,
  mappings: SavedMapping[] = [],
): { format: string; lines: ParsedLine[] } {
  const rows = readRows(text)
  if (!rows.length) throw validation('file', 'The file is empty')
  const { at, preset } = columnsFor(rows[0].record, mappings)
  const lines = rows.slice(1).map(({ record, line }): ParsedLine => {
    const cell = (c?: number) => (c === undefined ? '' : (record[c] ?? '').trim())
    const bookedOn = parseBookedOn(cell(at.date))
    if (!bookedOn)
      throw validation(
        'file',
        `Line ${line}: the date "${cell(at.date)}" is not a date (dd/mm/yyyy or yyyy-mm-dd)`,
      )
    const balanceCents = cell(at.balance) ? parseCents(cell(at.balance)) : null
    if (cell(at.balance) && balanceCents === null)
      throw validation('file', `Line ${line}: the balance "${cell(at.balance)}" is not an amount`)
    return {
      fileLine: line,
      account: cell(at.account),
      bookedOn,
      amountCents: amountOf(cell, at, line),
      description: cell(at.description),
      reference: cell(at.reference),
      payer: cell(at.payer),
      balanceCents,
    }
  })
  if (!lines.length) throw validation('file', 'The file has a header row but no lines')
  return { format: preset, lines }
}
