// Page forms of the admission area: the API's schemas, with money typed in dollars (stored in cents).
import { z } from 'zod'
import { CourseSchema, ScholarshipSchema } from '../../domain/admission/admission.schemas'
import { moneyAmount } from '../../domain/shared/fields'
import { toCents } from '../../domain/shared/money.rules'

const dollars = (label: string) =>
  z.union([z.literal('0'), moneyAmount(label)]).transform((v) => toCents(v === '0' ? 0 : v))

// The forms are objects (Conform reads no schema whose root is a transform): the amount comes out
// in cents under its form name, and the action names it as its use case does (courseInput...).
export const CourseFormSchema = CourseSchema.omit({ fee_amount: true }).extend({ fee: dollars('Fee') })
export const CourseEditFormSchema = CourseSchema.omit({ fee_amount: true, university_id: true }).extend({
  fee: dollars('Fee'),
})
export const ScholarshipFormSchema = ScholarshipSchema.omit({ fee: true }).extend({
  amount: dollars('Amount'),
})

/** A course form's value as the course use cases take it (the fee in cents as `fee_amount`). */
export const courseInput = <T extends { fee: number }>({ fee, ...rest }: T) => ({ ...rest, fee_amount: fee })
/** The scholarship form's value as addScholarship takes it (the amount in cents as `fee`). */
export const scholarshipInput = <T extends { amount: number }>({ amount, ...rest }: T) => ({
  ...rest,
  fee: amount,
})

/** An enrolment's note form (both portals; components may not import domain/). */
export { UpdateEnrollmentNoteSchema as EnrolmentNoteFormSchema } from '../../domain/admission/admission.schemas'
