import { z } from 'zod'
import { REQUEST_STATUSES } from '../../../db/schema/enums'
import { bool, id, list, optionalId } from '../../shared/fields'
import { PageQuerySchema } from '../../shared/pagination'
import { BNPL_SETTLEMENT_METHODS } from './bnpl.rules'

export const BANK_DOCUMENT_REQUIRED = 'Bank document is required'
export const REASON_REQUIRED = 'Reason is required'
export const POLICIES_REQUIRED = 'Choose at least one policy'

/**
 * sendBuyNowPayLaterPaymentRequest (spec/02 section 7.5). payment_type BANK needs bank_document (an
 * uploaded file key) unless staff send by_pass_document_validation; BUY_NOW_PAY_LATER-style
 * aliases are not methods of settlement. An agency's by_pass_document_validation is ignored.
 */
export const SendBnplRequestSchema = z.object({
  agency_id: id(),
  payment_type: z.enum(BNPL_SETTLEMENT_METHODS, {
    error: 'A buy now, pay later settlement is paid by BANK or AGENCY_BALANCE',
  }),
  policies: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z.array(id()).min(1, POLICIES_REQUIRED).max(100, 'At most 100 policies at once'),
  ),
  bank_document: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((v) => (v ? v : null)),
  by_pass_document_validation: bool().optional().default(false),
})
export type SendBnplRequest = z.infer<typeof SendBnplRequestSchema>

export const ApproveBnplSchema = z.object({ buyNowPaylaterPaymentId: id() })

export const RejectBnplSchema = z.object({
  buyNowPayLaterPaymentRequestId: id(),
  rejectionReason: z
    .string({ error: REASON_REQUIRED })
    .trim()
    .min(1, REASON_REQUIRED)
    .max(1000, 'must be at most 1000 characters'),
})

/** The BNPL request lists: status filter (blank = any), agency (staff only), newest first. */
export const BnplRequestListQuerySchema = z
  .object({
    status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(REQUEST_STATUSES).optional()),
    agency_id: optionalId(),
  })
  .merge(PageQuerySchema)
export type BnplRequestListInput = z.infer<typeof BnplRequestListQuerySchema>

export const BnplIdQuerySchema = z.object({ id: id() })

/** The policies of the agency's settle form (ids as a list, from checkboxes). */
export const BnplPolicyIdsSchema = list(id())

/** The agency's settle form (Conform, both sides): ticked policies, how, and the receipt's file. */
export const BnplSettleFormSchema = z.object({
  policies: BnplPolicyIdsSchema.pipe(z.array(z.number()).min(1, POLICIES_REQUIRED)),
  payment_type: z.enum(BNPL_SETTLEMENT_METHODS, { error: 'Choose how you pay' }),
  bank_document: z.custom<File>((v) => typeof File !== 'undefined' && v instanceof File).optional(),
})
