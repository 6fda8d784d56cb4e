import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { deleteCourseChild } from './course-children'

/** DELETE /oshc/your-admission/deleteEnglishRequirement/{id} (staff): removes a course's english row (enrolments keep their intake period). */
export const deleteEnglishRequirement = defineUseCase(
  { staff: true },
  async function deleteEnglishRequirement(opts: { actor: Actor; id: number }) {
    return deleteCourseChild('english', opts.id)
  },
)
