import { z } from 'zod'
import { CURRENCIES } from '../../db/schema/enums'
import { ExpiresInSchema } from '../../domain/payments/payments.schemas'

/**
 * The agency policy pay page's forms (routes/agency+/policies.$policyId.pay), parsed by its action
 * and checked by Conform in the browser (components may not import domain/): one form per way to
 * pay (its `intent`; the bank proof is checked by the use case), and the payment link form.
 */
export const PayIntentSchema = z.object({ intent: z.enum(['bank', 'balance', 'bnpl', 'nexpay', 'card']) })

export const PaymentLinkSchema = z.object({
  intent: z.literal('link'),
  currency: z.enum(CURRENCIES).default('AUD'),
  expires_in: ExpiresInSchema,
})
