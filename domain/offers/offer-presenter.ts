import type { offers } from '../../db/schema'
import { businessDay } from '../shared/clock'

export type OfferRow = typeof offers.$inferSelect

export type OfferProvider = {
  id: number
  name: string
  display_name: string
  logo: string | null
  short_name: string
}

/** Whether pricing applies the offer today (is_active, start <= today <= end, rate 1..50). */
export const offerRunsOn = (o: OfferRow, today: string) =>
  o.is_active && o.start_date <= today && today <= o.end_date && o.rate >= 1 && o.rate <= 50

/** The offer read of spec/03 section 3, with `is_current` (applied to quotes today). */
export function presentOffer(o: OfferRow, provider: OfferProvider, today = businessDay()) {
  return {
    id: o.id,
    insurance_provider_id: o.insurance_provider_id,
    start_date: o.start_date,
    end_date: o.end_date,
    is_active: o.is_active,
    rate: o.rate,
    type: o.type,
    is_current: offerRunsOn(o, today),
    created_at: o.created_at,
    updated_at: o.updated_at,
    provider,
  }
}

export type OfferRead = ReturnType<typeof presentOffer>
