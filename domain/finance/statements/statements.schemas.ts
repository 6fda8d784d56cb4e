import { z } from 'zod'
import { MAX_FILE_SIZE } from '../../files/files.schemas'
import { id, moneyAmount, text } from '../../shared/fields'

/** Bank statement matching (issue 25): the inputs shared by the API, the pages and the use cases. */

export const STATEMENT_TOO_BIG = `A statement file may be at most ${MAX_FILE_SIZE / 1_048_576} MB`

/** An uploaded statement: its file name and its text (CSV). */
export const ImportStatementSchema = z.object({
  file_name: z.string().trim().min(1, 'Required').max(255),
  content: z.string().min(1, 'The file is empty').max(MAX_FILE_SIZE, STATEMENT_TOO_BIG),
})
export type ImportStatementInput = z.infer<typeof ImportStatementSchema>

export const StatementIdSchema = z.object({ statement_id: id() })
export const StatementLineIdSchema = z.object({ line_id: id() })

/** A line assigned by hand: the reference of what it pays (POL-…, TOPUP-…, INV-…, PB-…) as staff read it. */
export const AssignStatementLineSchema = z.object({ reference: text(2, 64) })
export type AssignStatementLineInput = z.infer<typeof AssignStatementLineSchema>

export const SPLIT_MAX_PARTS = 10
const blankPart = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  !String((v as Record<string, unknown>).reference ?? '').trim() &&
  !String((v as Record<string, unknown>).amount ?? '').trim()

/**
 * A credit line paying several records, split by hand: each part's reference (as staff read it)
 * and amount (AUD, dollars and cents); blank rows of the page's form are left out.
 */
export const SplitStatementLineSchema = z.object({
  parts: z.preprocess(
    (v) => (Array.isArray(v) ? v.filter((p) => !blankPart(p)) : v),
    z
      .array(z.object({ reference: text(2, 64), amount: moneyAmount('Amount') }), {
        error: 'Enter the parts',
      })
      .min(2, 'Split a line into at least two parts')
      .max(SPLIT_MAX_PARTS, `A line is split into at most ${SPLIT_MAX_PARTS} parts`),
  ),
})
export type SplitStatementLineInput = z.infer<typeof SplitStatementLineSchema>

/** The columns a CSV statement may have, in the order the mapping form asks for them. */
export const CSV_COLUMNS = [
  'date',
  'description',
  'reference',
  'payer',
  'amount',
  'debit',
  'credit',
  'balance',
  'account',
] as const
export type Column = (typeof CSV_COLUMNS)[number]

const headerCell = z.string().trim().max(200, 'A column name may be at most 200 characters')
/** Each known column's header cell (none: the file has no such column). */
export const MappingColumnsSchema = z.object({
  date: headerCell.min(1, 'Choose the date column'),
  description: headerCell.optional(),
  reference: headerCell.optional(),
  payer: headerCell.optional(),
  amount: headerCell.optional(),
  debit: headerCell.optional(),
  credit: headerCell.optional(),
  balance: headerCell.optional(),
  account: headerCell.optional(),
})

/** A bank account's CSV column mapping: its name, the export's header row, and each column's cell. */
export const SaveStatementMappingSchema = z.object({
  bank_account: text(2, 100),
  header: z.array(headerCell).min(1, 'The header row is empty').max(100, 'At most 100 columns'),
  columns: MappingColumnsSchema,
})
export type SaveStatementMappingInput = z.infer<typeof SaveStatementMappingSchema>
