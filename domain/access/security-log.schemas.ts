import { z } from 'zod'
import { id, isoDate } from '../shared/fields'
import { PageQuerySchema } from '../shared/pagination'
import { SECURITY_EVENT_KINDS } from './security-log'

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
const dateFilter = () => z.preprocess(blankToUndefined, isoDate().optional())

/**
 * Filters of the security log: part of a person's e-mail, one kind, and a range of days (from and
 * to inclusive, business days in BUSINESS_TZ).
 */
const filterShape = {
  email: z.preprocess(blankToUndefined, z.string().trim().max(320).optional()),
  kind: z.preprocess(blankToUndefined, z.enum(SECURITY_EVENT_KINDS, { error: 'Unknown kind' }).optional()),
  from: dateFilter(),
  to: dateFilter(),
}
const inOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to
const notInOrder = { message: 'From must not be after to', path: ['to'] }

export const SecurityLogFilterSchema = z.object(filterShape).refine(inOrder, notInOrder)
export type SecurityLogFilter = z.infer<typeof SecurityLogFilterSchema>

export const SecurityLogQuerySchema = z
  .object({
    ...filterShape,
    page: PageQuerySchema.shape.page,
    perPage: z.coerce.number({ error: 'Not a number' }).int().min(1).max(100).default(25),
  })
  .refine(inOrder, notInOrder)
export type SecurityLogQuery = z.infer<typeof SecurityLogQuerySchema>

/** Which person's second factor an administrator resets. */
export const ResetSecondFactorSchema = z.object({
  user_type: z.enum(['staff', 'agency_user'], { error: 'Unknown user type' }),
  user_id: id(),
})
export type ResetSecondFactorInput = z.infer<typeof ResetSecondFactorSchema>
