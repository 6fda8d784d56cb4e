// Pure rules of the admission area: its enumerations and the words people read for them,
// enrolment transitions, English test scales and the student-visa cover period of a course. Shared
// with the browser (no imports).

export const UNIVERSITY_TYPES = ['COLLEGE', 'UNIVERSITY', 'INSTITUTE', 'PUBLIC_UNIVERSITY'] as const
export const UNIVERSITY_STATUSES = ['AVAILABLE', 'NOT_AVAILABLE'] as const
export const ENROLLMENT_STATUSES = [
  'REQUESTED',
  'PROCESSING',
  'ADDITIONAL_INFO_REQUIRED',
  'REJECTED',
  'ENROLLED',
] as const
export const ENGLISH_TEST_TYPES = ['IELTS', 'PTE', 'TOEFL'] as const
export const STUDENT_DOCUMENT_CATEGORIES = ['PASSPORT', 'TRANSCRIPT', 'ENGLISH_TEST_RESULT', 'OTHER'] as const
export type EnrollmentStatusValue = (typeof ENROLLMENT_STATUSES)[number]
type EnglishTestTypeValue = (typeof ENGLISH_TEST_TYPES)[number]

// ---- What people read (never a raw enum on a screen) -------------------------------------------
export const STATUS_TEXT: Record<EnrollmentStatusValue, string> = {
  REQUESTED: 'Requested',
  PROCESSING: 'Processing',
  ADDITIONAL_INFO_REQUIRED: 'Additional information required',
  REJECTED: 'Rejected',
  ENROLLED: 'Enrolled',
}

export const UNIVERSITY_TYPE_TEXT = {
  COLLEGE: 'College',
  UNIVERSITY: 'University',
  INSTITUTE: 'Institute',
  PUBLIC_UNIVERSITY: 'Public university',
} as const

export const UNIVERSITY_STATUS_TEXT = { AVAILABLE: 'Available', NOT_AVAILABLE: 'Not available' } as const

export const ENGLISH_TEST_TEXT: Record<EnglishTestTypeValue, string> = {
  IELTS: 'IELTS',
  PTE: 'PTE',
  TOEFL: 'TOEFL iBT',
}

export const DOCUMENT_CATEGORY_TEXT = {
  PASSPORT: 'Passport',
  TRANSCRIPT: 'Transcript',
  ENGLISH_TEST_RESULT: 'English test result',
  OTHER: 'Other',
} as const

export const MONTH_TEXT = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/**
 * REQUESTED -> PROCESSING -> ADDITIONAL_INFO_REQUIRED <-> PROCESSING -> ENROLLED | REJECTED
 * (DESIGN.md section 13). ENROLLED and REJECTED are final.
 */
export const ENROLLMENT_TRANSITIONS: Record<EnrollmentStatusValue, readonly EnrollmentStatusValue[]> = {
  REQUESTED: ['PROCESSING'],
  PROCESSING: ['ADDITIONAL_INFO_REQUIRED', 'ENROLLED', 'REJECTED'],
  ADDITIONAL_INFO_REQUIRED: ['PROCESSING'],
  ENROLLED: [],
  REJECTED: [],
}

/** Moving to these needs a note saying why (what is missing, why refused). */
export const NOTE_REQUIRED_FOR: readonly EnrollmentStatusValue[] = ['REJECTED', 'ADDITIONAL_INFO_REQUIRED']

/** Why `from -> to` is refused, or null when it is allowed. */
export function transitionProblem(from: EnrollmentStatusValue, to: EnrollmentStatusValue): string | null {
  if (ENROLLMENT_TRANSITIONS[from].includes(to)) return null
  if (from === to) return `The enrolment is already ${from}`
  const next = ENROLLMENT_TRANSITIONS[from]
  return next.length === 0
    ? `An enrolment that is ${from} cannot change (it is final)`
    : `An enrolment that is ${from} can only move to ${next.join(' or ')}, not ${to}`
}

type Band = 'listening' | 'reading' | 'speaking' | 'writing' | 'overall'

/**
 * The scales of the tests: IELTS bands 0..9 in half bands; PTE 10..90 whole points; TOEFL iBT
 * sections 0..30 and overall 0..120, whole points.
 */
export const ENGLISH_SCALES = {
  IELTS: { min: 0, max: 9, overallMax: 9, step: 0.5 },
  PTE: { min: 10, max: 90, overallMax: 90, step: 1 },
  TOEFL: { min: 0, max: 30, overallMax: 120, step: 1 },
} as const

/** Why `value` is not a score of `test`'s `band`, or null. */
export function scoreProblem(test: keyof typeof ENGLISH_SCALES, band: Band, value: number): string | null {
  const s = ENGLISH_SCALES[test]
  if (!s) return null
  const max = band === 'overall' ? s.overallMax : s.max
  if (!Number.isFinite(value) || value < s.min || value > max)
    return `${test} ${band} must be between ${s.min} and ${max}`
  if (Math.abs(value / s.step - Math.round(value / s.step)) > 1e-9)
    return s.step === 0.5
      ? `${test} ${band} must be in steps of 0.5`
      : `${test} ${band} must be a whole number`
  return null
}

// ---- Dates (YYYY-MM-DD, UTC calendar days) ------------------------------------------------------
const pad = (n: number) => String(n).padStart(2, '0')
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`
const parts = (date: string) => date.split('-').map(Number) as [number, number, number]
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate()

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

/** Calendar months later, the day kept or clamped to the month's last (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date)
  const total = y * 12 + (m - 1) + months
  const ny = Math.floor(total / 12)
  const nm = (total % 12) + 1
  return iso(ny, nm, Math.min(d, daysInMonth(ny, nm)))
}

/** A course starts on the first day of its intake month and lasts `weeks` weeks (its last day included). */
export function courseDates(intakeYear: number, intakeMonth: number, weeks: number) {
  const start = iso(intakeYear, intakeMonth, 1)
  return { start, end: addDays(start, weeks * 7 - 1) }
}

/**
 * The end of a student visa's health cover for a course from `start` to `end`: a course of 10
 * months or longer is covered to its end + 2 months, or to 15 March of the next year when it ends
 * in November or December; a shorter course to its end + 1 month.
 */
export function visaCoverEnd(start: string, end: string): string {
  const long = addMonths(start, 10) <= addDays(end, 1)
  if (!long) return addMonths(end, 1)
  const [y, m] = parts(end)
  return m >= 11 ? iso(y + 1, 3, 15) : addMonths(end, 2)
}
