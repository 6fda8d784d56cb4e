// Page forms of the admission area: the API's schemas, with money typed in dollars (stored in cents).
import { z } from 'zod'
import { CourseSchema, ScholarshipSchema } from '../../domain/admission/admission.schemas'
import { moneyAmount } from '../../domain/shared/fields'
import { toCents } from '../../domain/shared/money'

const dollars = (label: string) =>
  z.union([z.literal('0'), moneyAmount(label)]).transform((v) => toCents(v === '0' ? 0 : v))

export const CourseFormSchema = CourseSchema.omit({ fee_amount: true })
  .extend({ fee: dollars('Fee') })
  .transform(({ fee, ...rest }) => ({ ...rest, fee_amount: fee }))
export const CourseEditFormSchema = CourseSchema.omit({ fee_amount: true, university_id: true })
  .extend({ fee: dollars('Fee') })
  .transform(({ fee, ...rest }) => ({ ...rest, fee_amount: fee }))
export const ScholarshipFormSchema = ScholarshipSchema.omit({ fee: true })
  .extend({ amount: dollars('Amount') })
  .transform(({ amount, ...rest }) => ({ ...rest, fee: amount }))
