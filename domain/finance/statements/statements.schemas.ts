import { z } from 'zod'
import { MAX_FILE_SIZE } from '../../files/files.schemas'
import { id, text } from '../../shared/fields'

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

/** A line assigned by hand: the reference of what it pays (POL-…, TOPUP-…, PB-…) as staff read it. */
export const AssignStatementLineSchema = z.object({ reference: text(2, 64) })
export type AssignStatementLineInput = z.infer<typeof AssignStatementLineSchema>
