// What people read for the admission area's enumerations (never a raw enum on a screen).
import type { EnglishTestType, EnrollmentStatus } from './admission.schemas'

export const STATUS_TEXT: Record<EnrollmentStatus, string> = {
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

export const ENGLISH_TEST_TEXT: Record<EnglishTestType, string> = {
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
