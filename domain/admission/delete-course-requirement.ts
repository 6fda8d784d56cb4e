import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { deleteCourseChild } from './course-children'

/** DELETE /oshc/your-admission/deleteCourseRequirement/{id} (staff): removes a course's requirement row (enrolments keep their intake period). */
export const deleteCourseRequirement = defineUseCase(
  { staff: true },
  async function deleteCourseRequirement(opts: { actor: Actor; id: number }) {
    return deleteCourseChild('requirement', opts.id)
  },
)
