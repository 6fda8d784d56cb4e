import { z } from 'zod'
import { MONTH_PATTERN } from './periods.rules'

export const MonthSchema = z.string().trim().regex(MONTH_PATTERN, 'Enter the month as YYYY-MM')
export const PeriodParamsSchema = z.object({ month: MonthSchema })
export const ReopenRequestSchema = z.object({
  reason: z
    .string({ error: 'Enter why the month must be reopened' })
    .trim()
    .min(1, 'Enter why the month must be reopened')
    .max(1000, 'Keep the reason under 1000 characters'),
})
export type ReopenRequestInput = z.infer<typeof ReopenRequestSchema>
