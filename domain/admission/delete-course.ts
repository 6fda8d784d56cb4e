import { eq } from 'drizzle-orm'
import { clock } from '../shared/clock'
import { getDb } from '../../db/client'
import { admissionCourses } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { conflict } from '../shared/errors'
import { enrollmentCount } from './admission-catalogue'
import { loadCourse } from './admission-scope'

export const COURSE_IN_USE_MSG = 'This course has enrolments and cannot be deleted'

/** DELETE /oshc/your-admission/deleteCourse/{id} (staff): a soft delete; 409 while the course has enrolments. */
export const deleteCourse = defineUseCase(
  { staff: true },
  async function deleteCourse(opts: { actor: Actor; id: number }) {
    return getDb().transaction(async (tx) => {
      const { course } = await loadCourse(opts.id, null, tx)
      await tx
        .select({ id: admissionCourses.id })
        .from(admissionCourses)
        .where(eq(admissionCourses.id, course.id))
        .for('update')
      if ((await enrollmentCount([course.id], tx)) > 0) throw conflict(COURSE_IN_USE_MSG)
      await tx
        .update(admissionCourses)
        .set({ deleted_at: clock.now() })
        .where(eq(admissionCourses.id, course.id))
      return { id: course.id }
    })
  },
)
