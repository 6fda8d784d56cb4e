import { z } from 'zod'

/**
 * The task view's decision (a finance task decided here: a bank payment to verify, a top-up, a
 * payout, a BNPL settlement): approve, approve and open the next task of the queue, or reject
 * with the reason the agency reads. A payout approved here is credited to the agency balance or
 * set against its clawbacks (a bank payout goes by payout batch or its own page, with the proof).
 */
export const TaskDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'approve-next', 'reject'], { error: 'Choose approve or reject' }),
    reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional(),
    payment_type: z
      .enum(['AGENCY_BALANCE', 'SETTLED_WITH_CLAWBACK'], { error: 'Choose how the payout is paid' })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'reject' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Reason is required to reject' })
  })
