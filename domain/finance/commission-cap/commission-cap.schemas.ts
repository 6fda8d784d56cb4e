import { z } from 'zod'
import type { ProductLine } from '../../../db/schema/commission-caps'
import { id, isoDate, optionalText, rate } from '../../shared/fields'

/** The product lines (db/schema/commission-caps), here too: page forms run this schema in the browser. */
const PRODUCT_LINES = ['OSHC', 'OVHC'] as const satisfies readonly ProductLine[]

const maxRate = rate(0, 100, 'Maximum rate must be more than 0%', 'Maximum rate must be at most 100%', true)

/**
 * A proposed setting: the line, the maximum rate (percent; blank or null turns the cap off from the
 * date) and the first purchase date it governs (YYYY-MM-DD, Australia/Sydney).
 */
export const ProposeCapSchema = z.object({
  product_line: z.enum(PRODUCT_LINES, { error: 'Choose OSHC or OVHC' }),
  max_rate: z.preprocess((v) => (v === '' || v === undefined ? null : v), maxRate.nullable()),
  effective_from: isoDate(),
  note: optionalText(1000),
})
export type ProposeCapInput = z.infer<typeof ProposeCapSchema>

export const WithdrawCapSchema = z.object({ reason: optionalText(1000) })
export type WithdrawCapInput = z.infer<typeof WithdrawCapSchema>

export const CapParamsSchema = z.object({ id: id() })
