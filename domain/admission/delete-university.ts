import { and, eq, isNull } from 'drizzle-orm'
import { clock } from '../shared/clock'
import { getDb } from '../../db/client'
import { admissionCourses, admissionUniversities } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { conflict } from '../shared/errors'
import { enrollmentCount, liveCourseIds } from './admission-catalogue'
import { loadUniversity } from './admission-scope'

export const UNIVERSITY_IN_USE_MSG = 'This university has courses with enrolments and cannot be deleted'

/**
 * DELETE /oshc/your-admission/deleteUniversity/{id} (staff): a soft delete of the university and
 * its courses; 409 while any of its courses has enrolments.
 */
export const deleteUniversity = defineUseCase(
  { staff: true },
  async function deleteUniversity(opts: { actor: Actor; id: number }) {
    return getDb().transaction(async (tx) => {
      const current = await loadUniversity(opts.id, null, tx)
      await tx
        .select({ id: admissionUniversities.id })
        .from(admissionUniversities)
        .where(eq(admissionUniversities.id, current.id))
        .for('update')
      if ((await enrollmentCount(await liveCourseIds(current.id, tx), tx)) > 0)
        throw conflict(UNIVERSITY_IN_USE_MSG)
      const now = clock.now()
      await tx
        .update(admissionCourses)
        .set({ deleted_at: now })
        .where(and(eq(admissionCourses.university_id, current.id), isNull(admissionCourses.deleted_at)))
      await tx
        .update(admissionUniversities)
        .set({ deleted_at: now })
        .where(eq(admissionUniversities.id, current.id))
      return { id: current.id }
    })
  },
)
