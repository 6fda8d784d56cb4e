import { and, eq, notInArray } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { admissionCourseIntakes, admissionEnrollmentHistory, admissionEnrollments } from '../../db/schema'
import { actorLabel, type Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { conflict, notFound } from '../shared/errors'
import { tellStaff } from './admission-notices'
import { assertAdmissionScope, loadCourse, loadStudent, type AdmissionScope } from './admission-scope'

export const ALREADY_APPLIED_MSG = 'This student has already applied to this intake'

/**
 * POST /oshc/your-admission/createStudentEnrollment (staff; agencies with an active link): the
 * student applies to a course intake; the enrolment starts REQUESTED and staff are told. 409 while
 * the student has an open (not REJECTED) application to the same intake.
 */
export const createStudentEnrollment = defineUseCase(
  { staff: true, agency: true },
  async function createStudentEnrollment(opts: {
    actor: Actor
    input: { student_id: number; course_intake_id: number; note: string | null }
  }) {
    const { actor, input } = opts
    return getDb().transaction(async (tx) => {
      const scope = await assertAdmissionScope(actor, { activeLink: true }, tx)
      const student = await loadStudent(input.student_id, scope, tx, true)
      const { intake, course, university } = await loadIntake(input.course_intake_id, scope, tx)
      await assertNoOpenApplication(student.id, intake.id, tx)
      const [row] = await tx
        .insert(admissionEnrollments)
        .values({
          student_id: student.id,
          agency_id: student.agency_id,
          university_id: university.id,
          course_id: course.id,
          intake_id: intake.id,
          course_name: course.name,
          intake_period_month: intake.month,
          intake_period_year: intake.year,
          status: 'REQUESTED',
          note: input.note,
          created_by: scope.identityId,
        })
        .returning()
      await tx.insert(admissionEnrollmentHistory).values({
        enrollment_id: row.id,
        from_status: null,
        to_status: 'REQUESTED',
        note: input.note,
        actor: actorLabel(actor),
      })
      if (scope.agencyId !== null)
        await tellStaff(
          tx,
          scope,
          row,
          `New enrolment request #${row.id}`,
          `${student.name} applied to ${course.name} (${university.full_name})`,
        )
      return row
    })
  },
)

/** The intake with its course and university, as the scope sees them (404 otherwise). */
async function loadIntake(intakeId: number, scope: AdmissionScope, tx: DbOrTx) {
  const [intake] = await tx
    .select()
    .from(admissionCourseIntakes)
    .where(eq(admissionCourseIntakes.id, intakeId))
  if (!intake) throw notFound('Course intake')
  const { course, university } = await loadCourse(
    intake.course_id,
    scope.agencyId === null ? null : scope,
    tx,
  ).catch(() => {
    throw notFound('Course intake')
  })
  return { intake, course, university }
}

/** 409 while the student has an open (not REJECTED) application to the intake. */
async function assertNoOpenApplication(studentId: number, intakeId: number, tx: DbOrTx) {
  const [open] = await tx
    .select({ id: admissionEnrollments.id })
    .from(admissionEnrollments)
    .where(
      and(
        eq(admissionEnrollments.student_id, studentId),
        eq(admissionEnrollments.intake_id, intakeId),
        notInArray(admissionEnrollments.status, ['REJECTED']),
      ),
    )
  if (open) throw conflict(ALREADY_APPLIED_MSG)
}
