import { z } from 'zod'
import { CURRENCIES, POLICY_TYPES } from '../../db/schema/enums'
import { END_BEFORE_START_MSG, isoDate, id, optionalId, policyDates, rate, text } from '../shared/fields'

export { POLICY_TYPES }
export const POLICY_TYPE_MSG = 'policyType must be one of SINGLE, FAMILY, SINGLE_PARENT, COUPLE'
/** spec/01 section 5 and spec/03 section 5: reported on endDate; equal dates are one day of cover. */
export { END_BEFORE_START_MSG }

export const policyTypeField = () => z.enum(POLICY_TYPES, { error: POLICY_TYPE_MSG })

/** Adds the end-before-start message on `endKey` (both dates already well-formed). */
export function endNotBeforeStart<S extends string, E extends string>(startKey: S, endKey: E) {
  return (value: Partial<Record<S | E, string | null>>, ctx: z.RefinementCtx) => {
    const start = value[startKey]
    const end = value[endKey]
    if (start && end && end < start)
      ctx.addIssue({ code: 'custom', path: [endKey], message: END_BEFORE_START_MSG })
  }
}

/**
 * GET /insurances/quotes and getQuoteByProviderId: dates YYYY-MM-DD within the policy-date ranges
 * (a quote is for a policy that could be bought), one of the four types.
 */
export const QuoteQuerySchema = z
  .object({
    policyType: policyTypeField(),
    startDate: isoDate(),
    endDate: isoDate(),
    agency_id: optionalId(),
  })
  .superRefine(policyDates('startDate', 'endDate'))
export type QuoteQuery = z.infer<typeof QuoteQuerySchema>

/** GET /insurances/quotesServices: as the quote query, the policy type optional (all four then). */
export const QuoteServicesQuerySchema = z
  .object({
    policyType: z.preprocess((v) => (v === '' ? undefined : v), policyTypeField().optional()),
    startDate: isoDate(),
    endDate: isoDate(),
    agency_id: optionalId(),
  })
  .superRefine(policyDates('startDate', 'endDate'))
export type QuoteServicesQuery = z.infer<typeof QuoteServicesQuerySchema>

export const ProviderIdParamSchema = z.object({ ProviderId: id() })
export const PdsParamSchema = z.object({ providerId: id() })

// ---- Staff pricing management -----------------------------------------------------------------

export const MONTHLY_RATE_MSG = 'Monthly rate must be more than 0'
export const MONTHLY_RATE_MAX_MSG = 'Monthly rate must be at most 100000'
export const VALID_TO_MSG = 'Valid to must not be before valid from'

/** Cents -> the text of a numeric(…, 2) column: 5210 -> "52.10". */
export const centsText = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`

/**
 * A positive amount in AUD (number or text), kept as numeric text with two decimals. Parsed from
 * its text, half-up to the cent, without floats (this file is shared with the browser, so it
 * cannot use domain/shared/money).
 */
const monthlyRate = () =>
  z.union([z.number(), z.string().trim()], { error: MONTHLY_RATE_MSG }).transform((v, ctx) => {
    const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(typeof v === 'number' ? v.toFixed(6) : v)
    if (!m) {
      ctx.addIssue({ code: 'custom', message: 'Not a number' })
      return z.NEVER
    }
    const frac = (m[3] ?? '').padEnd(3, '0')
    const cents = Number(m[2]) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0)
    if (m[1] || cents <= 0) {
      ctx.addIssue({ code: 'custom', message: MONTHLY_RATE_MSG })
      return z.NEVER
    }
    if (cents > 10_000_000) {
      ctx.addIssue({ code: 'custom', message: MONTHLY_RATE_MAX_MSG })
      return z.NEVER
    }
    return centsText(cents)
  })

const optionalDate = () => z.preprocess((v) => (v === '' || v === undefined ? null : v), isoDate().nullable())

/** A rate card (`provider_rates`): monthly rate > 0, valid_from <= valid_to (open end when empty). */
export const RateCardSchema = z
  .object({
    provider_id: id(),
    policy_type: z.enum(POLICY_TYPES, {
      error: 'policy_type must be one of SINGLE, FAMILY, SINGLE_PARENT, COUPLE',
    }),
    monthly_rate: monthlyRate(),
    currency: z.enum(CURRENCIES, { error: 'Invalid currency' }).default('AUD'),
    valid_from: isoDate(),
    valid_to: optionalDate(),
  })
  .superRefine((v, ctx) => {
    if (v.valid_to && v.valid_to < v.valid_from)
      ctx.addIssue({ code: 'custom', path: ['valid_to'], message: VALID_TO_MSG })
  })
export type RateCardInput = z.infer<typeof RateCardSchema>

export const RateCardListQuerySchema = z.object({
  provider_id: optionalId(),
  policy_type: z.preprocess((v) => (v === '' ? undefined : v), policyTypeField().optional()),
})
export type RateCardListQuery = z.infer<typeof RateCardListQuerySchema>

/** The GST record: both rates 0..100 percent (spec/01 section 5 "Rate fields"). */
export const GstRateSchema = z.object({
  gst_rate: rate(0, 100, 'must be at least 0', 'must be at most 100'),
  card_surcharge_rate: rate(0, 100, 'must be at least 0', 'must be at most 100'),
})
export type GstRateInput = z.infer<typeof GstRateSchema>

export const EXCHANGE_RATE_MSG = 'Rate must be more than 0'
export const BASE_CURRENCY_MSG = 'AUD is the base currency; its rate is always 1'
/** One exchange rate from AUD: 1 AUD = rate units of `currency` (AUD itself is the base). */
export const ExchangeRateSchema = z.object({
  currency: z.enum(CURRENCIES, { error: 'Invalid currency' }).refine((c) => c !== 'AUD', BASE_CURRENCY_MSG),
  rate: z.coerce
    .number({ error: 'Not a number' })
    .refine((n) => Number.isFinite(n), 'Not a number')
    .refine((n) => n > 0, EXCHANGE_RATE_MSG)
    .refine((n) => n < 1_000_000_000, 'Rate must be below 1000000000')
    .transform((n) => n.toFixed(6)),
})
export type ExchangeRateInput = z.infer<typeof ExchangeRateSchema>

/** A provider's product disclosure statement: an uploaded file key and its name. */
export const ProviderPdsSchema = z.object({
  provider_id: id(),
  file_path: text(2, 512),
  filename: text(2, 200),
})
export type ProviderPdsInput = z.infer<typeof ProviderPdsSchema>
