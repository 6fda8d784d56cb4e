import { z } from 'zod'
import type { SuspenseAction } from '../../../db/schema/suspense'
import { id, moneyAmount, optionalId, optionalText, requiredText } from '../../shared/fields'
import { PageQuerySchema } from '../../shared/pagination'

/** The actions (db/schema/suspense), here too: the page's form runs this schema in the browser. */
export const SUSPENSE_ACTIONS = [
  'ALLOCATE',
  'REFUND',
  'CREDIT_AGENCY',
  'WRITE_OFF',
] as const satisfies readonly SuspenseAction[]

/**
 * A proposed decision on money in suspense: the transfer that brought it in, what to do, how much
 * (AUD, dollars and cents) and why; for ALLOCATE the policy (its reference) whose waiting bank
 * payment receives it or the bank top-up it pays (its number), the agency to credit for CREDIT_AGENCY.
 */
export const ProposeSuspenseClearingSchema = z
  .object({
    transfer_id: id(),
    action: z.enum(SUSPENSE_ACTIONS, { error: 'Choose what to do with the money' }),
    amount: moneyAmount('Amount'),
    agency_id: optionalId(),
    policy_ref: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.string().trim().max(64).optional(),
    ),
    topup_id: optionalId(),
    reason: requiredText(3, 1000, 'Reason is required'),
  })
  .refine((v) => v.action !== 'CREDIT_AGENCY' || v.agency_id !== undefined, {
    path: ['agency_id'],
    message: 'Choose the agency to credit',
  })
  .refine((v) => v.action !== 'ALLOCATE' || Boolean(v.policy_ref) || v.topup_id !== undefined, {
    path: ['policy_ref'],
    message: 'Enter the reference of the policy whose premium it pays, or the top-up it pays',
  })
  .refine((v) => v.action !== 'ALLOCATE' || !v.policy_ref || v.topup_id === undefined, {
    path: ['topup_id'],
    message: 'Allocate to a policy or to a top-up, not both',
  })
export type ProposeSuspenseClearingInput = z.infer<typeof ProposeSuspenseClearingSchema>

/** A second person's decision on a proposal, with an optional note (kept with the decision). */
export const DecideSuspenseClearingSchema = z.object({
  decision: z.enum(['approve', 'reject'], { error: 'Choose approve or reject' }),
  note: optionalText(1000),
})
export type DecideSuspenseClearingInput = z.infer<typeof DecideSuspenseClearingSchema>

export const SuspenseClearingIdSchema = z.object({ id: id() })

/** The list: money still in suspense (open, the default) or every item with its decisions. */
export const SuspenseListQuerySchema = PageQuerySchema.extend({
  state: z.enum(['open', 'all']).default('open').catch('open'),
})
export type SuspenseListQuery = z.infer<typeof SuspenseListQuerySchema>
