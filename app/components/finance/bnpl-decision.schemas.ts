import { z } from 'zod'

// The domain's REASON_REQUIRED text (components may not import domain/).
const REASON_REQUIRED = 'Reason is required'

/**
 * A settlement's decision (BnplDecision's form, parsed by the staff page's action): the button
 * names the verb and the settlement (`approve:<id>` or `reject:<id>`); a rejection carries the
 * reason the agency reads.
 */
export const BnplDecisionSchema = z
  .object({
    intent: z.string({ error: 'Unknown action' }).regex(/^(approve|reject):\d+$/, 'Unknown action'),
    reason: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
  })
  .refine((v) => !v.intent.startsWith('reject:') || !!v.reason, {
    path: ['reason'],
    message: REASON_REQUIRED,
  })
