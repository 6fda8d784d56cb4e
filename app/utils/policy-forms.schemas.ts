// The schemas of the staff policy page's forms (staff-policy-forms.tsx beside that route), read
// by Conform in the browser and by the page's action (components may not import domain/).
import { z } from 'zod'
import { PROVIDER_PAYMENT_STATUSES, USER_DEFINED_STATUSES } from '../../db/schema/enums'
import { id, optionalText, text } from '../../domain/shared/fields'

export const UploadCertificateSchema = z.object({
  intent: z.literal('upload-certificate'),
  membership_number: text(1, 64, 'membership_number is required'),
  policy_number: optionalText(64),
})
export const IssueCertificateSchema = z.object({
  intent: z.literal('issue-certificate'),
  send_email: z.string().optional(),
})
export const DeleteCertificateSchema = z.object({
  intent: z.literal('delete-certificate'),
  certificate_type: z.enum(['old', 'new'], { error: 'certificate_type must be old or new' }),
  certificate_id: id(),
})
export const UserDefinedSchema = z.object({
  intent: z.literal('user-defined-status'),
  status: z.enum(USER_DEFINED_STATUSES, { error: 'Choose a status' }),
})
export const ProviderPaymentSchema = z.object({
  intent: z.literal('provider-payment-status'),
  status: z.enum(PROVIDER_PAYMENT_STATUSES, { error: 'Choose a status' }),
})
export const AssignSchema = z.object({
  intent: z.literal('assign'),
  assign_to: id('Choose a staff user'),
})
