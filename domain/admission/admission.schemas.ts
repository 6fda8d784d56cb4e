import { z } from 'zod'
import {
  ENGLISH_TEST_TYPES,
  ENROLLMENT_STATUSES,
  STUDENT_DOCUMENT_CATEGORIES,
  UNIVERSITY_STATUSES,
  UNIVERSITY_TYPES,
  scoreProblem,
} from './admission.rules'
import { CURRENCIES } from '../../db/schema/enums'
import { bool, email, id, isoDate, optionalText, text, webUrl } from '../shared/fields'
import { PageQuerySchema } from '../shared/pagination'

export {
  ENGLISH_TEST_TYPES,
  ENROLLMENT_STATUSES,
  STUDENT_DOCUMENT_CATEGORIES,
  UNIVERSITY_STATUSES,
  UNIVERSITY_TYPES,
}
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number]
export type EnglishTestType = (typeof ENGLISH_TEST_TYPES)[number]

export const CRICOS_MSG = 'CRICOS code must be 6 digits followed by 1 letter'
export const PHONE_MSG = 'Invalid phone number'
export const FILE_KEY_MSG = 'Upload the file to the admission folder first'

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** An international or local phone number: digits with optional +, spaces, dashes, brackets; 6..15 digits. */
export const phone = () =>
  z
    .string({ error: PHONE_MSG })
    .trim()
    .refine((v) => /^\+?[\d\s\-()]+$/.test(v) && /^\d{6,15}$/.test(v.replace(/\D/g, '')), PHONE_MSG)

/** A key of an upload in the admission folder (domain/files). */
export const admissionFileKey = () =>
  z
    .string({ error: FILE_KEY_MSG })
    .trim()
    .regex(/^admission\/[A-Za-z0-9][A-Za-z0-9._-]*$/, FILE_KEY_MSG)
    .max(512)

const optionalFileKey = () => z.preprocess(blankToUndefined, admissionFileKey().nullish())

/** Links shown to people (course pages, course documents): http(s) only. */
const url = () => webUrl()

/** Whole minor units (cents), 0 .. 10^11. */
const cents = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number of cents` })
    .int(`${label} must be a whole number of cents`)
    .min(0, `${label} must not be negative`)
    .max(100_000_000_000, `${label} is too large`)

const currency = () => z.enum(CURRENCIES, { error: `Currency must be one of ${CURRENCIES.join(', ')}` })
const month = () =>
  z.coerce
    .number({ error: 'Month must be 1 to 12' })
    .int()
    .min(1, 'Month must be 1 to 12')
    .max(12, 'Month must be 1 to 12')
const year = () =>
  z.coerce.number({ error: 'Invalid year' }).int().min(2000, 'Invalid year').max(2100, 'Invalid year')

// ---- Universities ------------------------------------------------------------------------------
export const UniversitySchema = z.object({
  full_name: text(2, 200),
  full_address: text(2, 500),
  street_address_1: optionalText(200),
  street_address_2: optionalText(200),
  country_id: id(),
  email: email(),
  establishment_date: z.preprocess(blankToUndefined, isoDate().nullish()),
  logo: optionalFileKey(),
  phone_number: phone(),
  type: z.enum(UNIVERSITY_TYPES, { error: `type must be one of ${UNIVERSITY_TYPES.join(', ')}` }),
  status: z
    .enum(UNIVERSITY_STATUSES, { error: 'status must be AVAILABLE or NOT_AVAILABLE' })
    .default('AVAILABLE'),
})
export type UniversityInput = z.infer<typeof UniversitySchema>

export const UniversityStatusQuerySchema = z.object({
  status: z.enum(UNIVERSITY_STATUSES, { error: 'status must be AVAILABLE or NOT_AVAILABLE' }),
})

export const UniversityListQuerySchema = PageQuerySchema.extend({
  type: z.preprocess(blankToUndefined, z.enum(UNIVERSITY_TYPES).optional()),
  status: z.preprocess(blankToUndefined, z.enum(UNIVERSITY_STATUSES).optional()),
  country_id: z.preprocess(blankToUndefined, id().optional()),
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
})
export type UniversityListQuery = z.infer<typeof UniversityListQuerySchema>

// ---- Courses -----------------------------------------------------------------------------------
export const CourseSchema = z.object({
  university_id: id(),
  name: text(2, 200),
  description: optionalText(5000),
  currency: currency().default('AUD'),
  duration: z.coerce
    .number({ error: 'Duration must be a number of weeks' })
    .int('Duration must be a whole number of weeks')
    .min(1, 'Duration must be at least 1 week')
    .max(520, 'Duration must be at most 520 weeks'),
  fee_amount: cents('Fee'),
  profile_image: optionalFileKey(),
  website_url: z.preprocess(blankToUndefined, url().nullish()),
  cricos_code: z
    .string({ error: CRICOS_MSG })
    .trim()
    .toUpperCase()
    .regex(/^\d{6}[A-Z]$/, CRICOS_MSG),
})
export type CourseInput = z.infer<typeof CourseSchema>
export const UpdateCourseSchema = CourseSchema.omit({ university_id: true }).partial()
export type UpdateCourseInput = z.infer<typeof UpdateCourseSchema>
export const CourseLinkSchema = z.object({ website_url: url() })

/** The course finder (agency) and staff list: every filter optional. */
export const CourseSearchQuerySchema = PageQuerySchema.extend({
  country_id: z.preprocess(blankToUndefined, id().optional()),
  type: z.preprocess(blankToUndefined, z.enum(UNIVERSITY_TYPES).optional()),
  intake_month: z.preprocess(blankToUndefined, month().optional()),
  fee_min: z.preprocess(blankToUndefined, cents('fee_min').optional()),
  fee_max: z.preprocess(blankToUndefined, cents('fee_max').optional()),
  english_test_type: z.preprocess(blankToUndefined, z.enum(ENGLISH_TEST_TYPES).optional()),
  english_score: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: 'Not a number' }).min(0).max(120).optional(),
  ),
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
})
export type CourseSearchQuery = z.infer<typeof CourseSearchQuerySchema>

// ---- Per-course sub-resources -------------------------------------------------------------------
export const CourseIntakeSchema = z.object({
  course_id: id(),
  month: month(),
  year: year(),
  application_deadline: z.preprocess(blankToUndefined, isoDate().nullish()),
})
export const CourseDocumentSchema = z.object({
  course_id: id(),
  name: text(1, 200, 'Name is required'),
  url: z.union([admissionFileKey(), url()], { error: 'Give a URL or an uploaded file' }),
  category: text(1, 100, 'Category is required'),
})
export const CourseRequirementSchema = z.object({
  course_id: id(),
  minimum_grade: text(1, 100, 'Minimum grade is required'),
  qualification_level: text(1, 200, 'Qualification level is required'),
})
const score = () => z.coerce.number({ error: 'Score must be a number' })
export const EnglishRequirementSchema = z
  .object({
    course_id: id(),
    english_test_type: z.enum(ENGLISH_TEST_TYPES, { error: 'english_test_type must be IELTS, PTE or TOEFL' }),
    listening: score(),
    reading: score(),
    speaking: score(),
    writing: score(),
    overall: score(),
  })
  .superRefine((v, ctx) => {
    for (const band of ['listening', 'reading', 'speaking', 'writing', 'overall'] as const) {
      const problem = scoreProblem(v.english_test_type, band, v[band])
      if (problem) ctx.addIssue({ code: 'custom', path: [band], message: problem })
    }
  })
export const ScholarshipSchema = z.object({
  course_id: id(),
  name: text(1, 200, 'Name is required'),
  criteria: text(1, 2000, 'Criteria is required'),
  currency: currency().default('AUD'),
  duration: text(1, 100, 'Duration is required'),
  fee: cents('Fee'),
})

// ---- Agency links ------------------------------------------------------------------------------
export const AgencyLinkSchema = z.object({ agency_id: id(), is_active: bool().default(true) })
export const UpdateAgencyLinkSchema = z.object({ is_active: bool() })
export const AgencyLinkStatusQuerySchema = z.object({ is_active: bool() })
export const AgencyLinkListQuerySchema = PageQuerySchema.extend({
  is_active: z.preprocess(blankToUndefined, bool().optional()),
})

// ---- Students ----------------------------------------------------------------------------------
export const StudentSchema = z.object({
  name: text(2, 200),
  email: email(),
  phone_number: phone(),
  country_id: id(),
  dob: isoDate(),
  profile_image: optionalFileKey(),
})
export type StudentInput = z.infer<typeof StudentSchema>
export const UpdateStudentSchema = StudentSchema.partial()
export const StudentListQuerySchema = PageQuerySchema.extend({
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
})
export const StudentDocumentSchema = z.object({
  student_id: id(),
  name: text(1, 200, 'Name is required'),
  url: admissionFileKey(),
  category: z.enum(STUDENT_DOCUMENT_CATEGORIES).default('OTHER'),
})

// ---- Enrolments --------------------------------------------------------------------------------
export const NOTE_REQUIRED_MSG = 'A note is required for this status'
export const EnrollmentSchema = z.object({
  student_id: id(),
  course_intake_id: id(),
  note: optionalText(2000),
})
export const EnrollmentStatusSchema = z.object({
  status: z.enum(ENROLLMENT_STATUSES, { error: `status must be one of ${ENROLLMENT_STATUSES.join(', ')}` }),
  note: optionalText(2000),
})
export const EnrollmentListQuerySchema = PageQuerySchema.extend({
  status: z.preprocess(blankToUndefined, z.enum(ENROLLMENT_STATUSES).optional()),
  student_id: z.preprocess(blankToUndefined, id().optional()),
  agency_id: z.preprocess(blankToUndefined, id().optional()),
})
export const EnrollmentNoteSchema = z.object({
  student_enrollment_id: id(),
  content: text(1, 2000, 'Content is required'),
})
export const UpdateEnrollmentNoteSchema = z.object({ content: text(1, 2000, 'Content is required') })

export const IdParamSchema = z.object({ id: id() })
