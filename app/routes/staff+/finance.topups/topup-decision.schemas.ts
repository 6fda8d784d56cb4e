import { z } from 'zod'

// The domain's REASON_REQUIRED text (a module beside a route may not import domain/).
const REASON_REQUIRED = 'Reason is required'

/**
 * One top-up's decision, the form of its row: the button names the verb and the top-up
 * (`approve-topup:<id>` or `reject-topup:<id>`); a rejection carries the reason the agency reads.
 */
export const TopupDecisionSchema = z
  .object({
    intent: z.string({ error: 'Unknown action' }).regex(/^(approve|reject)-topup:\d+$/, 'Unknown action'),
    reason: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
  })
  .refine((v) => !v.intent.startsWith('reject-') || !!v.reason, {
    path: ['reason'],
    message: REASON_REQUIRED,
  })
