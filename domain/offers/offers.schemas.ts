import { z } from 'zod'
import { bool, id, isoDate } from '../shared/fields'
import { PageQuerySchema } from '../shared/pagination'
import { endNotBeforeStart } from '../quotes/quotes.schemas'

/** spec/03 section 5: the offer rate is 1..50 (percent off the premium). */
export const RATE_MIN_MSG = 'Rate must be above 0'
export const RATE_MAX_MSG = 'Rate must be below 50'
export const OFFER_TYPES = ['DISCOUNT'] as const

const offerRate = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? 'Rate is required' : 'Rate must be a number') })
      .int('Rate must be a whole number')
      .min(1, RATE_MIN_MSG)
      .max(50, RATE_MAX_MSG),
  )

const offerType = () => z.enum(OFFER_TYPES, { error: 'type must be DISCOUNT' })

/** POST /offer/createOffer. */
export const OfferSchema = z
  .object({
    insurance_provider_id: id(),
    start_date: isoDate(),
    end_date: isoDate(),
    is_active: bool().default(true),
    rate: offerRate(),
    type: offerType().default('DISCOUNT'),
  })
  .superRefine(endNotBeforeStart('start_date', 'end_date'))
export type OfferInput = z.infer<typeof OfferSchema>

/**
 * PUT /offer/updateOffer/{id}: any of the create fields; omitted ones keep their value. The
 * dates are checked again against the stored ones in the use case.
 */
export const UpdateOfferSchema = z
  .object({
    insurance_provider_id: id().optional(),
    start_date: isoDate().optional(),
    end_date: isoDate().optional(),
    is_active: bool().optional(),
    rate: offerRate().optional(),
    type: offerType().optional(),
  })
  .superRefine(endNotBeforeStart('start_date', 'end_date'))
export type UpdateOfferInput = z.infer<typeof UpdateOfferSchema>

export const OfferListQuerySchema = PageQuerySchema
export const OfferIdParamSchema = z.object({ id: id() })
export const ProviderIdParamSchema = z.object({ providerId: id() })
