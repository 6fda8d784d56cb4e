// The shapes the admission area answers with: rows without their soft-delete marks.
import type { admissionCourses, admissionStudents, admissionUniversities } from '../../db/schema'

type University = typeof admissionUniversities.$inferSelect
type Course = typeof admissionCourses.$inferSelect
type Student = typeof admissionStudents.$inferSelect

export function presentUniversity(u: University) {
  const { deleted_at: _deleted, ...rest } = u
  return rest
}

/** fee_amount stays in cents (integer) beside its currency. */
export function presentCourse(c: Course) {
  const { deleted_at: _deleted, ...rest } = c
  return rest
}

export function presentStudent(s: Student) {
  const { deleted_at: _deleted, ...rest } = s
  return rest
}
