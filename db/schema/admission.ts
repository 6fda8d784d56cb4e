// Student admission (spec/03 section 3 "Student-admission entities", DESIGN.md section 13): a
// staff-managed catalogue, students and enrolments owned by an agency, and the agency links that
// open the service to an agency. Tables are prefixed `admission_`.
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { timestamps } from './common'
import { currency } from './agencies'
import { agencies } from './agencies'
import { identities } from './identity'
import { countries } from './reference'
import {
  ENGLISH_TEST_TYPES,
  ENROLLMENT_STATUSES,
  STUDENT_DOCUMENT_CATEGORIES,
  UNIVERSITY_STATUSES,
  UNIVERSITY_TYPES,
} from '../../domain/admission/admission.rules'

export {
  ENGLISH_TEST_TYPES,
  ENROLLMENT_STATUSES,
  STUDENT_DOCUMENT_CATEGORIES,
  UNIVERSITY_STATUSES,
  UNIVERSITY_TYPES,
}

export const admissionUniversityType = pgEnum('admission_university_type', UNIVERSITY_TYPES)
export const admissionUniversityStatus = pgEnum('admission_university_status', UNIVERSITY_STATUSES)
export const admissionEnrollmentStatus = pgEnum('admission_enrollment_status', ENROLLMENT_STATUSES)
export const admissionEnglishTestType = pgEnum('admission_english_test_type', ENGLISH_TEST_TYPES)
export const admissionStudentDocumentCategory = pgEnum(
  'admission_student_document_category',
  STUDENT_DOCUMENT_CATEGORIES,
)

/** Soft-deleted (deleted_at) so enrolments keep naming them. */
export const admissionUniversities = pgTable(
  'admission_universities',
  {
    id: serial('id').primaryKey(),
    full_name: text('full_name').notNull(),
    full_address: text('full_address').notNull(),
    street_address_1: text('street_address_1'),
    street_address_2: text('street_address_2'),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id),
    email: text('email').notNull(),
    establishment_date: date('establishment_date'),
    /** A key of the files table (folder admission). */
    logo: text('logo'),
    phone_number: text('phone_number').notNull(),
    type: admissionUniversityType('type').notNull(),
    status: admissionUniversityStatus('status').notNull().default('AVAILABLE'),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('admission_universities_filter_idx').on(t.status, t.type, t.country_id),
    index('admission_universities_name_idx').on(t.full_name),
  ],
)

export const admissionCourses = pgTable(
  'admission_courses',
  {
    id: serial('id').primaryKey(),
    university_id: integer('university_id')
      .notNull()
      .references(() => admissionUniversities.id),
    name: text('name').notNull(),
    description: text('description'),
    currency: currency('currency').notNull().default('AUD'),
    /** Weeks. */
    duration: integer('duration').notNull(),
    /** Tuition in minor units (cents) of `currency`. */
    fee_amount: bigint('fee_amount', { mode: 'number' }).notNull(),
    profile_image: text('profile_image'),
    website_url: text('website_url'),
    /** 6 digits and 1 letter, e.g. 012345A. */
    cricos_code: text('cricos_code').notNull(),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('admission_courses_university_idx').on(t.university_id),
    index('admission_courses_fee_idx').on(t.fee_amount),
  ],
)

const courseRef = () =>
  integer('course_id')
    .notNull()
    .references(() => admissionCourses.id, { onDelete: 'cascade' })

export const admissionCourseIntakes = pgTable(
  'admission_course_intakes',
  {
    id: serial('id').primaryKey(),
    course_id: courseRef(),
    month: smallint('month').notNull(),
    year: smallint('year').notNull(),
    application_deadline: date('application_deadline'),
    ...timestamps,
  },
  (t) => [
    index('admission_course_intakes_course_idx').on(t.course_id, t.year, t.month),
    index('admission_course_intakes_month_idx').on(t.month),
  ],
)

export const admissionCourseDocuments = pgTable(
  'admission_course_documents',
  {
    id: serial('id').primaryKey(),
    course_id: courseRef(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    category: text('category').notNull(),
    ...timestamps,
  },
  (t) => [index('admission_course_documents_course_idx').on(t.course_id)],
)

export const admissionCourseRequirements = pgTable(
  'admission_course_requirements',
  {
    id: serial('id').primaryKey(),
    course_id: courseRef(),
    minimum_grade: text('minimum_grade').notNull(),
    qualification_level: text('qualification_level').notNull(),
    ...timestamps,
  },
  (t) => [index('admission_course_requirements_course_idx').on(t.course_id)],
)

export const admissionEnglishRequirements = pgTable(
  'admission_english_requirements',
  {
    id: serial('id').primaryKey(),
    course_id: courseRef(),
    english_test_type: admissionEnglishTestType('english_test_type').notNull(),
    listening: doublePrecision('listening').notNull(),
    reading: doublePrecision('reading').notNull(),
    speaking: doublePrecision('speaking').notNull(),
    writing: doublePrecision('writing').notNull(),
    overall: doublePrecision('overall').notNull(),
    ...timestamps,
  },
  (t) => [index('admission_english_requirements_course_idx').on(t.course_id, t.english_test_type)],
)

export const admissionScholarships = pgTable(
  'admission_scholarships',
  {
    id: serial('id').primaryKey(),
    course_id: courseRef(),
    name: text('name').notNull(),
    criteria: text('criteria').notNull(),
    currency: currency('currency').notNull().default('AUD'),
    /** Free text, e.g. "Full course" or "1 year". */
    duration: text('duration').notNull(),
    /** Minor units (cents) of `currency`. */
    fee: bigint('fee', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [index('admission_scholarships_course_idx').on(t.course_id)],
)

/** One per agency: only an active link opens the catalogue and new students and enrolments. */
export const admissionAgencyLinks = pgTable(
  'admission_agency_links',
  {
    id: serial('id').primaryKey(),
    agency_id: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    is_active: boolean('is_active').notNull().default(true),
    created_by: integer('created_by').references(() => identities.id),
    ...timestamps,
  },
  (t) => [uniqueIndex('admission_agency_links_agency_idx').on(t.agency_id)],
)

/** Owned by the agency that created it (agency_id), or by staff (agency_id null). */
export const admissionStudents = pgTable(
  'admission_students',
  {
    id: serial('id').primaryKey(),
    agency_id: integer('agency_id').references(() => agencies.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone_number: text('phone_number').notNull(),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id),
    dob: date('dob').notNull(),
    profile_image: text('profile_image'),
    created_by: integer('created_by').references(() => identities.id),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [index('admission_students_agency_idx').on(t.agency_id, t.created_at)],
)

export const admissionStudentDocuments = pgTable(
  'admission_student_documents',
  {
    id: serial('id').primaryKey(),
    student_id: integer('student_id')
      .notNull()
      .references(() => admissionStudents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** A key of the files table (folder admission). */
    url: text('url').notNull(),
    category: admissionStudentDocumentCategory('category').notNull().default('OTHER'),
    created_by: integer('created_by').references(() => identities.id),
    ...timestamps,
  },
  (t) => [index('admission_student_documents_student_idx').on(t.student_id)],
)

export const admissionEnrollments = pgTable(
  'admission_enrollments',
  {
    id: serial('id').primaryKey(),
    student_id: integer('student_id')
      .notNull()
      .references(() => admissionStudents.id),
    /** The owner of the student, copied so boards and lists filter without a join. */
    agency_id: integer('agency_id').references(() => agencies.id),
    university_id: integer('university_id')
      .notNull()
      .references(() => admissionUniversities.id),
    course_id: integer('course_id')
      .notNull()
      .references(() => admissionCourses.id),
    intake_id: integer('intake_id').references(() => admissionCourseIntakes.id, { onDelete: 'set null' }),
    course_name: text('course_name').notNull(),
    intake_period_month: smallint('intake_period_month').notNull(),
    intake_period_year: smallint('intake_period_year').notNull(),
    status: admissionEnrollmentStatus('status').notNull().default('REQUESTED'),
    /** The note of the latest change. */
    note: text('note'),
    created_by: integer('created_by').references(() => identities.id),
    ...timestamps,
  },
  (t) => [
    index('admission_enrollments_status_idx').on(t.status, t.created_at),
    index('admission_enrollments_agency_idx').on(t.agency_id, t.created_at),
    index('admission_enrollments_student_idx').on(t.student_id),
    index('admission_enrollments_course_idx').on(t.course_id),
  ],
)

/** Every status change of an enrolment, with who made it and its note (the timeline). */
export const admissionEnrollmentHistory = pgTable(
  'admission_enrollment_history',
  {
    id: serial('id').primaryKey(),
    enrollment_id: integer('enrollment_id')
      .notNull()
      .references(() => admissionEnrollments.id, { onDelete: 'cascade' }),
    from_status: admissionEnrollmentStatus('from_status'),
    to_status: admissionEnrollmentStatus('to_status').notNull(),
    note: text('note'),
    actor: text('actor').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('admission_enrollment_history_enrollment_idx').on(t.enrollment_id, t.created_at)],
)

export const admissionEnrollmentNotes = pgTable(
  'admission_enrollment_notes',
  {
    id: serial('id').primaryKey(),
    student_enrollment_id: integer('student_enrollment_id')
      .notNull()
      .references(() => admissionEnrollments.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    author_id: integer('author_id')
      .notNull()
      .references(() => identities.id),
    /** Oshc, Agency or agency_user: whose side wrote it. */
    author_kind: text('author_kind').notNull(),
    ...timestamps,
  },
  (t) => [index('admission_enrollment_notes_enrollment_idx').on(t.student_enrollment_id, t.created_at)],
)
