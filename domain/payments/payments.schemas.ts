import { z } from 'zod'
import { CURRENCIES } from '../../db/schema/enums'
import { bool, id, list, moneyAmount, optionalId } from '../shared/fields'
import { normalisePaymentType, PURCHASE_PAYMENT_TYPES } from './payments.rules'

const PAYMENT_TYPE_MSG = 'payment_type must be one of CARD, BANK, NEXPAY, AGENCY_BALANCE, BNPL'
const CURRENCY_MSG = 'Currency must be one of AUD, NPR, USD, INR'
export const EXPIRES_IN_MSG = 'expires_in must be a number of hours greater than 0'
export const EXPIRES_IN_MAX = 720

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

export const currency = () => z.enum(CURRENCIES, { error: CURRENCY_MSG })

export const PaymentTypeSchema = z
  .enum(PURCHASE_PAYMENT_TYPES, { error: PAYMENT_TYPE_MSG })
  .transform(normalisePaymentType)

export const PurchasePolicySchema = z.object({
  policy_id: id(),
  payment_type: PaymentTypeSchema,
  /** Uploaded file key of the transfer proof; required for BANK (checked by the use case). */
  bank_document: z.preprocess(blankToUndefined, z.string().trim().max(500).optional()),
})

export const PolicyIdParamSchema = z.object({ policy_id: id() })

export const StripeCheckoutSchema = z.object({ policy_id: id() })

export const StripeConfirmSchema = z.object({
  checkout_session_id: z
    .string({ error: 'checkout_session_id is required' })
    .trim()
    .min(1, 'checkout_session_id is required')
    .max(300),
  policy_id: id(),
})

export const AirwallexCheckoutSchema = z.object({
  currency: currency().default('AUD'),
  is_create_payment: bool().default(true),
  invoice_id: optionalId(),
  total_amount: z.preprocess(blankToUndefined, moneyAmount('total_amount').optional()),
  policies: list(id()).default([]),
  is_bnpl_payment: bool().default(false),
})

export const ExpiresInSchema = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: EXPIRES_IN_MSG })
    .refine((n) => Number.isFinite(n) && n > 0, EXPIRES_IN_MSG)
    .refine((n) => n <= EXPIRES_IN_MAX, `expires_in must be at most ${EXPIRES_IN_MAX} hours`)
    .optional(),
)

export const CreatePaymentLinkSchema = z.object({
  policy_id: id(),
  currency: currency().default('AUD'),
  expires_in: ExpiresInSchema,
})

export const QuotesCreateSchema = z.object({
  total_amount: moneyAmount('total_amount'),
  is_create_payment: bool().default(true),
  policy_id: optionalId(),
  payment_currency: currency(),
})
