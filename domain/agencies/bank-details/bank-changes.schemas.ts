import { z } from 'zod'
import { id, text } from '../../shared/fields'

/** rejectAgencyBankChange: the reason the agency reads (the staff page's reject form too). */
export const RejectBankChangeSchema = z.object({ rejection_reason: text(2, 1000) })

/**
 * The staff page's decision on one pending change (Conform, both sides): `intent` approve, or
 * reject with the API's reason (RejectBankChangeSchema).
 */
export const BankChangeDecisionFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approve'), change_id: id() }),
  RejectBankChangeSchema.extend({ intent: z.literal('reject'), change_id: id() }),
])
