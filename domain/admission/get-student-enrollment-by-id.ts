import { asc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  admissionCourses,
  admissionEnrollmentHistory,
  admissionEnrollmentNotes,
  admissionStudents,
  admissionUniversities,
  identities,
} from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { courseDates, visaCoverEnd } from './admission.rules'
import { assertAdmissionScope, loadEnrollment } from './admission-scope'

/**
 * GET /oshc/your-admission/getStudentEnrollmentById/{id} (staff; the owning agency): the enrolment
 * with its student, course, history and notes, and its course dates with the student-visa cover end
 * (what the quote of an ENROLLED student is prefilled with).
 */
export const getStudentEnrollmentById = defineUseCase(
  { staff: true, agency: true },
  async function getStudentEnrollmentById(opts: { actor: Actor; id: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: false })
    const e = await loadEnrollment(opts.id, scope)
    const db = getDb()
    const [student, course, university, history, notes] = await Promise.all([
      db
        .select({
          id: admissionStudents.id,
          name: admissionStudents.name,
          email: admissionStudents.email,
          phone_number: admissionStudents.phone_number,
          dob: admissionStudents.dob,
          country_id: admissionStudents.country_id,
        })
        .from(admissionStudents)
        .where(eq(admissionStudents.id, e.student_id)),
      db
        .select({ duration: admissionCourses.duration })
        .from(admissionCourses)
        .where(eq(admissionCourses.id, e.course_id)),
      db
        .select({ full_name: admissionUniversities.full_name })
        .from(admissionUniversities)
        .where(eq(admissionUniversities.id, e.university_id)),
      db
        .select()
        .from(admissionEnrollmentHistory)
        .where(eq(admissionEnrollmentHistory.enrollment_id, e.id))
        .orderBy(asc(admissionEnrollmentHistory.created_at), asc(admissionEnrollmentHistory.id)),
      db
        .select({
          id: admissionEnrollmentNotes.id,
          content: admissionEnrollmentNotes.content,
          author_id: admissionEnrollmentNotes.author_id,
          author_kind: admissionEnrollmentNotes.author_kind,
          author_email: identities.email,
          created_at: admissionEnrollmentNotes.created_at,
          updated_at: admissionEnrollmentNotes.updated_at,
        })
        .from(admissionEnrollmentNotes)
        .innerJoin(identities, eq(identities.id, admissionEnrollmentNotes.author_id))
        .where(eq(admissionEnrollmentNotes.student_enrollment_id, e.id))
        .orderBy(asc(admissionEnrollmentNotes.created_at), asc(admissionEnrollmentNotes.id)),
    ])
    const dates = courseDates(e.intake_period_year, e.intake_period_month, course[0]?.duration ?? 0)
    return {
      ...e,
      student: student[0] ?? null,
      university_name: university[0]?.full_name ?? null,
      course_start: dates.start,
      course_end: dates.end,
      cover_end: visaCoverEnd(dates.start, dates.end),
      history,
      notes,
    }
  },
)
