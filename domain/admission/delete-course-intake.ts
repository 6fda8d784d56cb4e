import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { deleteCourseChild } from './course-children'

/** DELETE /oshc/your-admission/deleteCourseIntake/{id} (staff): removes a course's intake row (enrolments keep their intake period). */
export const deleteCourseIntake = defineUseCase(
  { staff: true },
  async function deleteCourseIntake(opts: { actor: Actor; id: number }) {
    return deleteCourseChild('intake', opts.id)
  },
)
