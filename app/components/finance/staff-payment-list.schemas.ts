import { z } from 'zod'

// The domain's messages (components may not import domain/): PaymentRejectSchema's.
const REASON_REQUIRED = 'Reason is required'
const CHOOSE_ONE = 'Choose at least one policy'

/**
 * The verification list's form (StaffPaymentList, parsed by the verification page's action): an
 * Approve button posts `approve-payment:<policyId>`; Reject selected posts `reject-payments`
 * with the ticked `policyId`s and the reason each agency reads.
 */
export const PaymentDecisionSchema = z
  .object({
    intent: z
      .string({ error: 'Unknown action' })
      .regex(/^(approve-payment:\d+|reject-payments)$/, 'Unknown action'),
    policyId: z.preprocess(
      (v) => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]),
      z.array(z.coerce.number().int().positive()).max(100, 'At most 100 policies at once'),
    ),
    reason: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.intent !== 'reject-payments') return
    if (v.policyId.length === 0) ctx.addIssue({ code: 'custom', path: ['policyId'], message: CHOOSE_ONE })
    if (!v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: REASON_REQUIRED })
  })
