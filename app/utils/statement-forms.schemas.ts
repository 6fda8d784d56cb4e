// The schemas of the bank statement page's forms, read by Conform in the browser and by the page's
// action (components may not import domain/). Each names its form by `intent`.
import { z } from 'zod'
import {
  AssignStatementLineSchema,
  SPLIT_MAX_PARTS,
  SplitStatementLineSchema,
} from '../../domain/finance/statements/statements.schemas'

/** Every form of the page: a line's `confirm:<id>` or `not-ours:<id>`, or the statement's `confirm-exact`. */
export const StatementActionSchema = z.object({
  intent: z
    .string({ error: 'Unknown action' })
    .regex(/^((confirm|not-ours):\d+|confirm-exact)$/, 'Unknown action'),
})
/** A line's `assign:<id>` form: the reference of what the line pays. */
export const AssignLineSchema = AssignStatementLineSchema.extend({
  intent: z.string({ error: 'Unknown action' }).regex(/^assign:\d+$/, 'Unknown action'),
})

/** A line's `split:<id>` form: up to four parts (blank rows left out), each a reference and an amount. */
export const SplitLineSchema = SplitStatementLineSchema.extend({
  intent: z.string({ error: 'Unknown action' }).regex(/^split:\d+$/, 'Unknown action'),
})
export const SPLIT_ROWS = Math.min(4, SPLIT_MAX_PARTS)
