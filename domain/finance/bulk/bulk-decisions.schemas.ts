import { z } from 'zod'
import { id } from '../../shared/fields'

/**
 * Bulk decisions in the inbox (issue 25): several tasks of one kind approved or rejected in one
 * go, each through its own decision. The input shared by the API, the inbox and the use case.
 */
export const BULK_KINDS = ['policy_payment', 'topup', 'payout', 'bnpl'] as const
export type BulkKind = (typeof BULK_KINDS)[number]

/** The most items one bulk decision takes (each is its own transaction, in turn). */
export const MAX_BULK_ITEMS = 100

export const BULK_REASON_MSG = 'Say why they are rejected'
export const BULK_PAYOUT_TYPE_MSG =
  'Payouts approved in bulk are credited to the agency balance or settled with clawbacks; pay by bank through a payout batch'

export const BulkDecisionSchema = z
  .object({
    kind: z.enum(BULK_KINDS, { error: `kind must be one of ${BULK_KINDS.join(', ')}` }),
    decision: z.enum(['approve', 'reject'], { error: 'decision must be approve or reject' }),
    ids: z
      .array(id())
      .min(1, 'Choose at least one task')
      .max(MAX_BULK_ITEMS, `At most ${MAX_BULK_ITEMS} at a time`),
    reason: z.string().trim().max(500).optional(),
    /** Payouts only: how the approved payouts are paid (BANK needs a proof per payout). */
    payment_type: z
      .enum(['AGENCY_BALANCE', 'SETTLED_WITH_CLAWBACK'], { error: BULK_PAYOUT_TYPE_MSG })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'reject' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: BULK_REASON_MSG })
    if (v.kind === 'payout' && v.decision === 'approve' && !v.payment_type)
      ctx.addIssue({ code: 'custom', path: ['payment_type'], message: BULK_PAYOUT_TYPE_MSG })
  })
export type BulkDecisionInput = z.infer<typeof BulkDecisionSchema>
